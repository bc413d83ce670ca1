-- Groups of accounts, as Apache's group files, sshd's AllowGroups and an app's roles know
-- them.
-- PostgreSQL's twin of Migrations/sqlite/0010_groups.sql.

CREATE TABLE user_groups (
  id         bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  name       text COLLATE "C" NOT NULL UNIQUE,
  created_at bigint NOT NULL
);

CREATE TABLE group_members (
  group_id bigint NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id  bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  added_at bigint NOT NULL,
  PRIMARY KEY (group_id, user_id)
);

CREATE INDEX group_members_by_user ON group_members (user_id);
