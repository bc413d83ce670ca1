-- A second factor: a time-based one-time password (RFC 6238) per account, and the hashes
-- of its single-use recovery codes.
--
-- The TOTP secret cannot be hashed (codes are computed from it), so only a box sealed
-- under a key kept outside the database is stored (sealed_secret): a copy of this file
-- alone yields no secret. state is 'pending' from enrolment until one correct code
-- confirms it, then 'enabled'; only an enabled factor is asked for at sign-in.
-- last_step is the last time step whose code was accepted, so no code is accepted twice.
-- Recovery codes are kept only as keyed hashes, deleted when used.

CREATE TABLE second_factors (
  user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret BLOB NOT NULL,
  algorithm  TEXT    NOT NULL CHECK (algorithm IN ('SHA1', 'SHA256', 'SHA512')),
  digits     INTEGER NOT NULL CHECK (digits IN (6, 8)),
  period     INTEGER NOT NULL CHECK (period BETWEEN 15 AND 120),
  state      TEXT    NOT NULL CHECK (state IN ('pending', 'enabled')),
  last_step  INTEGER CHECK (last_step >= 0),
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;

CREATE TABLE recovery_codes (
  user_id    INTEGER NOT NULL REFERENCES second_factors (user_id) ON DELETE CASCADE,
  code_hash  BLOB    NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, code_hash)
) STRICT, WITHOUT ROWID;
