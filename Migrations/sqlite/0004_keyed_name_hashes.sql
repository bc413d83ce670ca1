-- Names typed at sign-in are kept only as keyed hashes.
--
-- A passphrase typed into the username field would otherwise stay, in clear, in the
-- throttle and the audit trail. From this version on, sign_in_throttle.username and the
-- username of an audit event that names no account hold the BLAKE2b hash of the canonical
-- name keyed with this database's own random key (64 hex digits), so repeated probes of
-- one name still correlate and throttle, but the name cannot be read back. Events of
-- existing accounts name the account by user_id (and keep its name).
--
-- SQLite's randomblob comes from its cryptographic generator, seeded by the system.

CREATE TABLE secret_keys (
  name TEXT PRIMARY KEY,
  key  BLOB NOT NULL CHECK (length(key) = 32)
) STRICT, WITHOUT ROWID;

INSERT INTO secret_keys (name, key) VALUES ('name_hash', randomblob(32));

-- Rows written before hold names in clear, and SQL cannot compute the keyed hash: the
-- throttle's rows go (their failures are forgotten; no lock outlives this migration), and
-- the attempted names of events that name no account are removed (the events stay).
DELETE FROM sign_in_throttle;
UPDATE auth_events SET username = NULL WHERE user_id IS NULL;
