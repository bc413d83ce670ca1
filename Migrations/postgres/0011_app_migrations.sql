-- The migrations an app applies to its own tables (in a schema of its own), by namespace.
-- PostgreSQL's twin of Migrations/sqlite/0011_app_migrations.sql.

CREATE TABLE app_migrations (
  namespace  text   NOT NULL CHECK (pg_catalog.length(namespace) BETWEEN 1 AND 63),
  version    bigint NOT NULL CHECK (version > 0),
  identifier text   NOT NULL,
  applied_at bigint NOT NULL,
  PRIMARY KEY (namespace, version),
  UNIQUE (namespace, identifier)
);
