-- Operator locks on accounts, and the age of sign-in failures.
--
-- An operator lock (`authcli users lock`) is its own state on the account, apart from
-- the per-name sign-in throttle: locked_at is NULL while the account is not locked;
-- lock_reason holds the operator's words ('' when none were given).
--
-- last_failure_at lets failures be forgotten after a quiet day, and housekeeping delete
-- the rows that no longer lock anything. Rows from before this migration get the time
-- it ran, so their failures are forgotten a day later, not at once.

ALTER TABLE users ADD COLUMN locked_at INTEGER;
ALTER TABLE users ADD COLUMN lock_reason TEXT;

ALTER TABLE sign_in_throttle ADD COLUMN last_failure_at INTEGER NOT NULL DEFAULT 0;
UPDATE sign_in_throttle SET last_failure_at = CAST(strftime('%s', 'now') AS INTEGER) * 1000;

-- Finding forgotten rows without reading the whole table.
CREATE INDEX sign_in_throttle_by_last_failure ON sign_in_throttle (last_failure_at);
