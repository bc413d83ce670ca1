-- Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").
-- PostgreSQL's twin of Migrations/sqlite/0005_device_cookies.sql.

CREATE TABLE device_cookies (
  token_hash           bytea  PRIMARY KEY,
  user_id              bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at           bigint NOT NULL,
  expires_at           bigint NOT NULL,
  consecutive_failures bigint NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  locked_until         bigint,
  last_failure_at      bigint NOT NULL DEFAULT 0
);

CREATE INDEX device_cookies_by_user ON device_cookies (user_id);
