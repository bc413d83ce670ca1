-- Initial schema: accounts, sessions, the audit trail and sign-in throttling.
-- PostgreSQL's twin of Migrations/sqlite/0001_initial.sql.
--
-- Every time column holds bigint milliseconds since the Unix epoch (UTC), the same
-- numbers the SQLite schema stores, so both engines round and compare times alike.
-- Usernames are stored in canonical form (NFKC, lowercased), so UNIQUE on the column is
-- the whole uniqueness rule; the "C" collation orders and compares them byte by byte, as
-- SQLite does. No column ever holds a password or a session token: only the password's
-- Argon2id PHC string and the token's hash.

CREATE TABLE users (
  id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  username      text COLLATE "C" NOT NULL UNIQUE,
  password_hash text   NOT NULL,
  created_at    bigint NOT NULL,
  updated_at    bigint NOT NULL
);

-- Identity columns never hand out a number twice, so a session id shown to its owner
-- never comes to name another session.
CREATE TABLE sessions (
  id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  token_hash   bytea  NOT NULL UNIQUE,
  user_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   bigint NOT NULL,
  last_used_at bigint NOT NULL,
  expires_at   bigint NOT NULL
);

-- Listing and ending a user's sessions, and the foreign key's cascade.
CREATE INDEX sessions_by_user ON sessions (user_id);
-- Purging expired sessions and counting active ones.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- Append-only. user_id survives as NULL if the account is ever deleted;
-- username keeps the attempted (canonicalised) name, detail a secret-free note.
CREATE TABLE auth_events (
  id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  time     bigint NOT NULL,
  kind     text   NOT NULL,
  user_id  bigint REFERENCES users (id) ON DELETE SET NULL,
  username text COLLATE "C",
  detail   text   NOT NULL DEFAULT ''
);

CREATE INDEX auth_events_by_user ON auth_events (user_id, time);

-- One row per canonical username with failures since its last success,
-- whether or not the account exists (so probing unknown names is throttled too).
CREATE TABLE sign_in_throttle (
  username             text COLLATE "C" PRIMARY KEY,
  consecutive_failures bigint NOT NULL CHECK (consecutive_failures >= 0),
  locked_until         bigint
);
