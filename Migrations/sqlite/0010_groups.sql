-- Groups of accounts, as Apache's group files, sshd's AllowGroups and an app's roles know
-- them.
--
-- name is canonical (NFKC, lower case, 1-32 of a-z 0-9 . _ -), so UNIQUE on it is the whole
-- uniqueness rule. A group exists while it has members: the store deletes a group whose
-- last member it removes, and never lists one left empty by an account's deletion.
-- Deleting an account takes it out of every group (CASCADE); renaming it keeps them.

CREATE TABLE user_groups (
  id         INTEGER PRIMARY KEY,
  name       TEXT    NOT NULL UNIQUE,
  created_at INTEGER NOT NULL
) STRICT;

CREATE TABLE group_members (
  group_id INTEGER NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id  INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at INTEGER NOT NULL,
  PRIMARY KEY (group_id, user_id)
) STRICT, WITHOUT ROWID;

-- An account's groups (users show, verify --group), and the foreign key's cascade.
CREATE INDEX group_members_by_user ON group_members (user_id);
