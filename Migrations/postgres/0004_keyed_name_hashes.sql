-- Names typed at sign-in are kept only as keyed hashes.
-- PostgreSQL's twin of Migrations/sqlite/0004_keyed_name_hashes.sql.
--
-- The key comes from gen_random_uuid (PostgreSQL's strong random source), two of them
-- hashed into 32 bytes.

CREATE TABLE secret_keys (
  name text COLLATE "C" PRIMARY KEY,
  key  bytea NOT NULL CHECK (octet_length(key) = 32)
);

INSERT INTO secret_keys (name, key)
VALUES ('name_hash', sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')));

DELETE FROM sign_in_throttle;
UPDATE auth_events SET username = NULL WHERE user_id IS NULL;
