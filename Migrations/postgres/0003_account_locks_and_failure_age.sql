-- Operator locks on accounts, and the age of sign-in failures.
-- PostgreSQL's twin of Migrations/sqlite/0003_account_locks_and_failure_age.sql.
--
-- locked_at is NULL while the account is not locked; lock_reason holds the operator's
-- words ('' when none were given). last_failure_at lets failures be forgotten after a
-- quiet day and housekeeping delete the rows that no longer lock anything; rows from
-- before this migration get the time it ran.

ALTER TABLE users ADD COLUMN locked_at bigint;
ALTER TABLE users ADD COLUMN lock_reason text;

ALTER TABLE sign_in_throttle ADD COLUMN last_failure_at bigint NOT NULL DEFAULT 0;
UPDATE sign_in_throttle
  SET last_failure_at = (extract(epoch FROM pg_catalog.clock_timestamp()) * 1000)::bigint;

-- Finding forgotten rows without reading the whole table.
CREATE INDEX sign_in_throttle_by_last_failure ON sign_in_throttle (last_failure_at);
