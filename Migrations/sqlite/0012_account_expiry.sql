-- The day an account stops signing in (`authcli users expire`, `chage -E`, shadow's field 8).
--
-- expires_at is the first moment refused, in milliseconds since 1970 like every time here:
-- the start of the day named, UTC. NULL while the account never expires. Apart from the
-- operator's lock, which an operator lifts; an expiry ends by itself, so it is a date.

ALTER TABLE users ADD COLUMN expires_at INTEGER;
