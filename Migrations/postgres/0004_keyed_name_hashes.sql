-- Names typed at sign-in are kept only as keyed hashes.
-- PostgreSQL's twin of Migrations/sqlite/0004_keyed_name_hashes.sql.
--
-- The key comes from gen_random_uuid (PostgreSQL's strong random source), two of them
-- hashed into 32 bytes. Built-ins are named with their schema, as in every statement
-- authcli runs, so that no function planted elsewhere on the search path can stand in.

CREATE TABLE secret_keys (
  name text COLLATE "C" PRIMARY KEY,
  key  bytea NOT NULL CHECK (pg_catalog.octet_length(key) = 32)
);

INSERT INTO secret_keys (name, key)
VALUES ('name_hash', pg_catalog.sha256(pg_catalog.convert_to(
  pg_catalog.concat(pg_catalog.gen_random_uuid(), pg_catalog.gen_random_uuid()), 'UTF8')));

DELETE FROM sign_in_throttle;
UPDATE auth_events SET username = NULL WHERE user_id IS NULL;
