-- Session ids are shown to their owners (`authcli sessions list`, `sessions revoke ID`),
-- so an id must never come to name a different session. INTEGER PRIMARY KEY alone
-- hands the highest id out again once that row is deleted; AUTOINCREMENT never does.
-- SQLite cannot add AUTOINCREMENT to an existing table, so the table is rebuilt with
-- the same columns, rows and indexes. No other table refers to sessions.

CREATE TABLE sessions_rebuilt (
  id           INTEGER PRIMARY KEY AUTOINCREMENT,
  token_hash   BLOB    NOT NULL UNIQUE,
  user_id      INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  expires_at   INTEGER NOT NULL
) STRICT;

INSERT INTO sessions_rebuilt (id, token_hash, user_id, created_at, last_used_at, expires_at)
  SELECT id, token_hash, user_id, created_at, last_used_at, expires_at FROM sessions;

DROP TABLE sessions;
ALTER TABLE sessions_rebuilt RENAME TO sessions;

-- Listing and ending a user's sessions, and the foreign key's cascade.
CREATE INDEX sessions_by_user ON sessions (user_id);
-- Purging expired sessions and counting active ones.
CREATE INDEX sessions_by_expiry ON sessions (expires_at);
