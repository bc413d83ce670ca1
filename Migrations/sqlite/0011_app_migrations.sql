-- The migrations an app applies to its own tables beside authcli's, each under a namespace
-- of the app's choosing, numbered 1, 2, 3, … within it. Kept apart from schema_migrations
-- and user_version, which stay authcli's alone, so an app's numbers never collide with
-- authcli's and a binary that knows no app migrations still opens and migrates the file.

CREATE TABLE app_migrations (
  namespace  TEXT    NOT NULL CHECK (length(namespace) BETWEEN 1 AND 63),
  version    INTEGER NOT NULL CHECK (version > 0),
  identifier TEXT    NOT NULL,
  applied_at INTEGER NOT NULL,
  PRIMARY KEY (namespace, version),
  UNIQUE (namespace, identifier)
) STRICT, WITHOUT ROWID;
