-- Expired device cookies are deleted by housekeeping.
-- PostgreSQL's twin of Migrations/sqlite/0006_device_cookie_expiry_index.sql.

CREATE INDEX device_cookies_by_expiry ON device_cookies (expires_at);
