-- The schema watch: lets authcli skip describing its schema at every start when no DDL has
-- run in the database since the last full check.
--
-- Run it once per database, as a superuser:  psql -d DATABASE -v ON_ERROR_STOP=1 -f postgres-watch.sql
-- Remove it with:                            DROP EVENT TRIGGER authcli_watch;
--                                            DROP SCHEMA authcli_watch CASCADE;
--
-- Every DDL command of every role in the database adds one to authcli_watch.changes.epoch,
-- in the DDL's own transaction. authcli records, per role and schema, the epoch at which its
-- full check passed, with the row versions of every part of this watch; an open that finds
-- the same epoch and the same row versions skips the description. Every object here must
-- stay owned by a superuser and exactly as written: authcli compares the function bodies
-- and settings with the text it embeds, and trusts nothing else. Altering any part of it
-- (even disabling it for a while and enabling it again) makes every record stale.
-- Cost: each DDL transaction holds the lock of the one row of authcli_watch.changes until it
-- ends, so concurrent DDL transactions in this database wait for one another.
BEGIN;

CREATE SCHEMA authcli_watch;
REVOKE ALL ON SCHEMA authcli_watch FROM PUBLIC;
GRANT USAGE ON SCHEMA authcli_watch TO PUBLIC;

CREATE TABLE authcli_watch.changes (epoch bigint NOT NULL);
INSERT INTO authcli_watch.changes (epoch) VALUES (0);
REVOKE ALL ON authcli_watch.changes FROM PUBLIC;
GRANT SELECT ON authcli_watch.changes TO PUBLIC;

CREATE TABLE authcli_watch.checks (
  role       oid    NOT NULL,
  schema     oid    NOT NULL,
  migrations text   NOT NULL,
  epoch      bigint NOT NULL,
  PRIMARY KEY (role, schema)
);
REVOKE ALL ON authcli_watch.checks FROM PUBLIC;
GRANT SELECT ON authcli_watch.checks TO PUBLIC;

CREATE FUNCTION authcli_watch.note_change() RETURNS event_trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$BEGIN UPDATE authcli_watch.changes SET epoch = epoch + 1; END$$;
REVOKE ALL ON FUNCTION authcli_watch.note_change() FROM PUBLIC;

CREATE FUNCTION authcli_watch.record_check(oid, text, bigint) RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
AS $$INSERT INTO authcli_watch.checks (role, schema, migrations, epoch) SELECT r.oid, s.oid, $2, $3 FROM pg_catalog.pg_roles AS r, pg_catalog.pg_namespace AS s WHERE r.rolname = SESSION_USER AND s.oid = $1 ON CONFLICT (role, schema) DO UPDATE SET migrations = EXCLUDED.migrations, epoch = EXCLUDED.epoch$$;
REVOKE ALL ON FUNCTION authcli_watch.record_check(oid, text, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION authcli_watch.record_check(oid, text, bigint) TO PUBLIC;

CREATE EVENT TRIGGER authcli_watch ON ddl_command_end
EXECUTE FUNCTION authcli_watch.note_change();
-- Also in sessions with session_replication_role = replica.
ALTER EVENT TRIGGER authcli_watch ENABLE ALWAYS;

COMMIT;
