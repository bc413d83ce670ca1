-- Initial schema: accounts, sessions, the audit trail and sign-in throttling.
--
-- Every timestamp column holds INTEGER milliseconds since the Unix epoch (UTC).
-- Usernames are stored in canonical form (NFKC, lowercased), so UNIQUE on the
-- column is the whole uniqueness rule. No column ever holds a password or a
-- session token: only the password's Argon2id PHC string and the token's hash.

CREATE TABLE users (
  id            INTEGER PRIMARY KEY,
  username      TEXT    NOT NULL UNIQUE,
  password_hash TEXT    NOT NULL,
  created_at    INTEGER NOT NULL,
  updated_at    INTEGER NOT NULL
) STRICT;

CREATE TABLE sessions (
  id           INTEGER PRIMARY KEY,
  token_hash   BLOB    NOT NULL UNIQUE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
) STRICT;

-- Listing and ending a user's sessions, and the foreign key's cascade.
CREATE INDEX sessions_by_user ON sessions (user_id);
-- Purging expired sessions and counting active ones.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- Append-only. user_id survives as NULL if the account is ever deleted;
-- username keeps the attempted (canonicalised) name, detail a secret-free note.
CREATE TABLE auth_events (
  id       INTEGER PRIMARY KEY,
  time     INTEGER NOT NULL,
  kind     TEXT    NOT NULL,
  user_id  INTEGER REFERENCES users (id) ON DELETE SET NULL,
  username TEXT,
  detail   TEXT    NOT NULL DEFAULT ''
) STRICT;

CREATE INDEX auth_events_by_user ON auth_events (user_id, time);

-- One row per canonical username with failures since its last success,
-- whether or not the account exists (so probing unknown names is throttled too).
CREATE TABLE sign_in_throttle (
  username             TEXT    PRIMARY KEY,
  consecutive_failures INTEGER NOT NULL CHECK (consecutive_failures >= 0),
  locked_until         INTEGER
) STRICT, WITHOUT ROWID;
