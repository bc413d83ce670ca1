-- Whether an account must choose a new password before its next session starts.
-- PostgreSQL's twin of Migrations/sqlite/0013_password_change_required.sql.

ALTER TABLE users ADD COLUMN password_change_required boolean NOT NULL DEFAULT false;
