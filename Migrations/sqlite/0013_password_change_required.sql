-- Whether an account must choose a new password before its next session starts, as
-- `passwd -e` and shadow's "last change 0" ask: set by `authcli users require-new-password`
-- or by an import, cleared by the sign-in that takes the new password (and by any other
-- new password: a change or an operator's reset). 0 for every account until then.

ALTER TABLE users ADD COLUMN password_change_required INTEGER NOT NULL DEFAULT 0
  CHECK (password_change_required IN (0, 1));
