-- An account is looked up by the keyed hash of the name typed, never by the name itself.
-- PostgreSQL's twin of Migrations/sqlite/0007_users_by_name_hash.sql.
--
-- A server that logs statements (log_statement = 'all') writes every bound value to its
-- log, and the lookup of the account named at sign-in sent the typed text: a passphrase
-- typed into the username field reached the log in clear. From this version on,
-- users.name_hash holds HMAC-SHA-256 of the canonical name's UTF-8 under secret_keys'
-- name_hash key (0004), as 64 lower-case hex digits, computed by libsodium in the client;
-- the adapter looks a typed name up by it alone, so what it sends is what is already
-- stored, and without the key the name cannot be found from it.
--
-- PostgreSQL has no HMAC without an extension, so the rows there are get their hash from
-- the migrator, in this migration's transaction, right after this file runs; it then makes
-- the column NOT NULL (PostgresMigrator's step for 0007).

ALTER TABLE users ADD COLUMN name_hash text COLLATE "C";
ALTER TABLE users ADD CONSTRAINT users_name_hash_key UNIQUE (name_hash);
