-- Expired device cookies are deleted by housekeeping: a few at every sign-in attempt and
-- sign-up, and all of them by 'authcli sessions prune', as expired sessions are. This index
-- lets the bounded delete find the oldest expiries without reading the whole table.

CREATE INDEX device_cookies_by_expiry ON device_cookies (expires_at);
