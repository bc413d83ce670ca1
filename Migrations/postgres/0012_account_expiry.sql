-- The day an account stops signing in.
-- PostgreSQL's twin of the SQLite migration of the same name.
--
-- expires_at is the first moment refused (milliseconds since 1970, the start of the day
-- named, UTC); NULL while the account never expires.

ALTER TABLE users ADD COLUMN expires_at bigint;
