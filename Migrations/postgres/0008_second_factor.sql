-- A second factor: a time-based one-time password (RFC 6238) per account, and the hashes
-- of its single-use recovery codes.
-- PostgreSQL's twin of Migrations/sqlite/0008_second_factor.sql.

CREATE TABLE second_factors (
  user_id       bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  sealed_secret bytea  NOT NULL,
  algorithm     text   NOT NULL CHECK (algorithm IN ('SHA1', 'SHA256', 'SHA512')),
  digits        bigint NOT NULL CHECK (digits IN (6, 8)),
  period        bigint NOT NULL CHECK (period BETWEEN 15 AND 120),
  state         text   NOT NULL CHECK (state IN ('pending', 'enabled')),
  last_step     bigint CHECK (last_step >= 0),
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);

CREATE TABLE recovery_codes (
  user_id    bigint NOT NULL REFERENCES second_factors (user_id) ON DELETE CASCADE,
  code_hash  bytea  NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (user_id, code_hash)
);
