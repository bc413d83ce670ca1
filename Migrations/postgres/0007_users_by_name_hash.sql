-- An account is looked up by the keyed hash of the name typed, never by the name itself.
-- PostgreSQL's twin of Migrations/sqlite/0007_users_by_name_hash.sql.
--
-- A server that logs statements (log_statement = 'all') writes every bound value to its
-- log, and the lookup of the account named at sign-in sent the typed text: a passphrase
-- typed into the username field reached the log in clear. From this version on,
-- users.name_hash holds HMAC-SHA-256 of the canonical name's UTF-8 under secret_keys'
-- name_hash key (0004), as 64 lower-case hex digits; the adapter makes the same hash and
-- looks a typed name up by it alone, so what it sends is what is already stored, and
-- without the key the name cannot be found from it.
--
-- The rows there are get theirs here, in the same transaction: HMAC spelled out with
-- sha256 (the key padded with zeros to SHA-256's 64-byte block, XORed with 0x36 for the
-- inner hash and 0x5c for the outer one). Every built-in is named in pg_catalog and called
-- with its exact argument types, so no function of another schema can stand in for it.

ALTER TABLE users ADD COLUMN name_hash text COLLATE "C";

WITH padded AS (
  SELECT key || pg_catalog.decode(pg_catalog.repeat('00'::text, 32), 'hex'::text) AS block
  FROM secret_keys WHERE name = 'name_hash'
), pads AS (
  SELECT
    pg_catalog.string_agg(
      pg_catalog.set_byte('\x00'::bytea, 0, pg_catalog.get_byte(block, i) # 54), ''::bytea
      ORDER BY i) AS inner_pad,
    pg_catalog.string_agg(
      pg_catalog.set_byte('\x00'::bytea, 0, pg_catalog.get_byte(block, i) # 92), ''::bytea
      ORDER BY i) AS outer_pad
  FROM padded, pg_catalog.generate_series(0, 63) AS i
)
UPDATE users SET name_hash = pg_catalog.encode(
  pg_catalog.sha256(
    outer_pad || pg_catalog.sha256(inner_pad || pg_catalog.convert_to(username, 'UTF8'::name))),
  'hex'::text)
FROM pads;

-- Without the key there would be no hash: the migration then fails here, changing nothing.
ALTER TABLE users
  ALTER COLUMN name_hash SET NOT NULL,
  ADD CONSTRAINT users_name_hash_key UNIQUE (name_hash);
