-- Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies").
--
-- A successful sign-in leaves the client a random cookie; only its hash is kept here,
-- bound to the account, with an expiry. Failures from a client that shows a valid cookie
-- for the name count on that cookie alone (consecutive_failures, locked_until), never on
-- the name's throttle for untrusted clients, so a stranger's guesses cannot lock the owner's
-- own device out, and a stolen cookie is limited by its own lock.

CREATE TABLE device_cookies (
  token_hash           BLOB    PRIMARY KEY,
  user_id              INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at           INTEGER NOT NULL,
  expires_at           INTEGER NOT NULL,
  consecutive_failures INTEGER NOT NULL DEFAULT 0 CHECK (consecutive_failures >= 0),
  locked_until         INTEGER,
  last_failure_at      INTEGER NOT NULL DEFAULT 0
) STRICT, WITHOUT ROWID;

-- An operator's unlock clears every cookie lock of the account; the cascade finds them too.
CREATE INDEX device_cookies_by_user ON device_cookies (user_id);
