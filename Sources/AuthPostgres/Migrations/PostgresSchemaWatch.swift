/// The schema watch a superuser may install in a database (`Migrations/postgres-watch.sql`):
/// an event trigger that counts every DDL command of every role, in the command's own
/// transaction, and a record, per role and schema, of the count at which authcli's full
/// schema check last passed, with the row versions of the watch's own catalog rows. While the
/// count has not moved and the watch is as it was, no DDL has changed what the check looked
/// at, so an open skips the description.
///
/// The watch is trusted only when the catalogs show it exactly as the file makes it: owned by
/// superusers, enabled always, firing at `ddl_command_end` for every command, its functions'
/// bodies and settings the text below, and nobody else able to write its tables. Anything
/// else, or no watch at all, leaves the full check to run as it does without one.
enum PostgresSchemaWatch {
  /// The body of `authcli_watch.note_change()`, as the file writes it.
  static let noteChangeBody = "BEGIN UPDATE authcli_watch.changes SET epoch = epoch + 1; END"

  /// The body of `authcli_watch.record_check(oid, text, bigint)`, as the file writes it.
  static let recordCheckBody =
    "INSERT INTO authcli_watch.checks (role, schema, migrations, epoch) "
    + "SELECT r.oid, s.oid, $2, $3 FROM pg_catalog.pg_roles AS r, pg_catalog.pg_namespace AS s "
    + "WHERE r.rolname = SESSION_USER AND s.oid = $1 "
    + "ON CONFLICT (role, schema) DO UPDATE SET migrations = EXCLUDED.migrations, "
    + "epoch = EXCLUDED.epoch"

  /// The one setting both functions run with.
  static let functionSettings = "search_path=pg_catalog, pg_temp"

  /// What the watch says about this role's `schema`, in one statement, so that the epoch, the
  /// record and the watch's being intact are one snapshot. Run only where `isInstalled` was
  /// true a moment before: it names the watch's tables.
  ///
  /// Intact is read by lookups by name or oid only, on as few catalogs as will do (each one
  /// a new server process opens costs it time): the event trigger; its function and
  /// `record_check`, their bodies and setting; the owners of those, of the schema and of
  /// both tables, all superusers; and nothing granted beyond USAGE on the schema and SELECT
  /// on the tables (columns included). An event trigger's owner is always a superuser (the
  /// server refuses any other). Every operator is `pg_catalog`'s by name, so nothing
  /// planted elsewhere is called.
  static func reading(_ schema: String) -> PostgresQuery {
    """
    SELECT e.evtevent OPERATOR(pg_catalog.=) 'ddl_command_end'::name
        AND e.evtenabled OPERATOR(pg_catalog.=) 'A'::"char" AND e.evttags IS NULL
        AND f.pronamespace OPERATOR(pg_catalog.=) n.oid
        AND f.proname OPERATOR(pg_catalog.=) 'note_change'::name
        AND f.prosecdef AND f.prosrc OPERATOR(pg_catalog.=) \(noteChangeBody)::text
        AND f.proconfig OPERATOR(pg_catalog.=) ARRAY[\(functionSettings)::text]
        AND g.prosecdef AND g.prosrc OPERATOR(pg_catalog.=) \(recordCheckBody)::text
        AND g.proconfig OPERATOR(pg_catalog.=) ARRAY[\(functionSettings)::text]
        AND w.relkind OPERATOR(pg_catalog.=) 'r'::"char"
        AND k.relkind OPERATOR(pg_catalog.=) 'r'::"char"
        AND NOT EXISTS (
          SELECT FROM pg_catalog.pg_roles AS r
          WHERE r.oid OPERATOR(pg_catalog.=) ANY (
              ARRAY[f.proowner, g.proowner, n.nspowner, w.relowner, k.relowner])
            AND NOT r.rolsuper)
        AND NOT EXISTS (
          SELECT FROM pg_catalog.aclexplode(n.nspacl) AS a
          WHERE a.grantee OPERATOR(pg_catalog.<>) n.nspowner
            AND a.privilege_type OPERATOR(pg_catalog.<>) 'USAGE'::text)
        AND NOT EXISTS (
          SELECT FROM pg_catalog.aclexplode(w.relacl) AS a
          WHERE a.grantee OPERATOR(pg_catalog.<>) w.relowner
            AND a.privilege_type OPERATOR(pg_catalog.<>) 'SELECT'::text)
        AND NOT EXISTS (
          SELECT FROM pg_catalog.aclexplode(k.relacl) AS a
          WHERE a.grantee OPERATOR(pg_catalog.<>) k.relowner
            AND a.privilege_type OPERATOR(pg_catalog.<>) 'SELECT'::text)
        AND NOT EXISTS (
          SELECT FROM pg_catalog.pg_attribute AS c
          WHERE c.attrelid OPERATOR(pg_catalog.=) ANY (ARRAY[w.oid, k.oid])
            AND c.attacl IS NOT NULL)
        AS intact,
      (SELECT pg_catalog.count(*) FROM authcli_watch.changes) AS rows,
      (SELECT pg_catalog.max(x.epoch) FROM authcli_watch.changes AS x) AS epoch,
      pg_catalog.concat_ws(' ', e.xmin, f.xmin, g.xmin, n.xmin, w.xmin, k.xmin, (
          SELECT pg_catalog.string_agg(c.xmin::text, ' ' ORDER BY c.attrelid, c.attnum)
          FROM pg_catalog.pg_attribute AS c
          WHERE c.attrelid OPERATOR(pg_catalog.=) ANY (ARRAY[w.oid, k.oid])
            AND c.attnum OPERATOR(pg_catalog.>) 0::smallint)) AS version,
      c.epoch AS checked_epoch, c.migrations AS checked_migrations,
      CURRENT_USER OPERATOR(pg_catalog.=) SESSION_USER AS same_user
    FROM pg_catalog.pg_event_trigger AS e
    JOIN pg_catalog.pg_proc AS f ON f.oid OPERATOR(pg_catalog.=) e.evtfoid
    JOIN pg_catalog.pg_namespace AS n ON n.nspname OPERATOR(pg_catalog.=) 'authcli_watch'::name
    JOIN pg_catalog.pg_class AS w
      ON w.oid OPERATOR(pg_catalog.=) pg_catalog.to_regclass('authcli_watch.changes'::text)
    JOIN pg_catalog.pg_class AS k
      ON k.oid OPERATOR(pg_catalog.=) pg_catalog.to_regclass('authcli_watch.checks'::text)
    JOIN pg_catalog.pg_proc AS g
      ON g.oid OPERATOR(pg_catalog.=) pg_catalog.to_regprocedure(
        'authcli_watch.record_check(oid, text, bigint)'::text)
    LEFT JOIN authcli_watch.checks AS c
      ON c.role OPERATOR(pg_catalog.=) (
          SELECT r.oid FROM pg_catalog.pg_roles AS r
          WHERE r.rolname OPERATOR(pg_catalog.=) SESSION_USER)
        AND c.schema OPERATOR(pg_catalog.=) (
          SELECT s.oid FROM pg_catalog.pg_namespace AS s
          WHERE s.nspname OPERATOR(pg_catalog.=) \(schema)::text)
    WHERE e.evtname OPERATOR(pg_catalog.=) 'authcli_watch'::name
    """
  }

  /// What one reading found.
  struct Reading {
    /// The watch was intact and its count readable, so the epoch means something.
    let isTrusted: Bool
    /// The count of DDL commands committed in the database.
    let epoch: Int
    /// The row versions (`xmin`) of every catalog row of the watch: any change to it, even
    /// one undone since (disabled and enabled again, a grant revoked), changes them, and a
    /// count kept through such a change is not trusted.
    let version: String
    /// The count at which this role's full check of this schema last passed, if it did.
    let checkedEpoch: Int?
    /// What that check recorded: `checked(migrations:)` of its migrations and reading.
    let checkedMigrations: String?
    /// The session runs as the role it logged in as (no `SET ROLE`): the only case where
    /// the record, kept per login role, speaks for the role the check judges.
    let isSameUser: Bool

    /// What a check that passes now records for migrations with digest `migrations`: the
    /// digest and the watch's row versions.
    func checked(migrations: String) -> String { migrations + " " + version }

    /// Whether the last full check still holds for a schema recording `migrations`.
    func vouches(forMigrations migrations: String?) -> Bool {
      guard isTrusted, isSameUser, let migrations else { return false }
      return checkedEpoch == epoch && checkedMigrations == checked(migrations: migrations)
    }

    /// Whether a full check that passed now may be recorded, at this reading's epoch (read
    /// before the description, so a change committed in between leaves the record stale).
    var mayRecord: Bool { isTrusted && isSameUser }
  }

  /// Whether an event trigger of the watch's name exists: one lookup by name, which is all
  /// a database without the watch pays for it. Whether it is intact is for `reading`.
  static func isInstalled(_ connection: PostgresConnection) throws(PostgresError) -> Bool {
    try connection.queryFirst(
      """
      SELECT EXISTS (
        SELECT FROM pg_catalog.pg_event_trigger AS e
        WHERE e.evtname OPERATOR(pg_catalog.=) 'authcli_watch'::name) AS installed
      """
    ) { row throws(PostgresError) in try row.decode(Bool.self, "installed") } == true
  }

  /// The reading in the result of a pipelined `reading(_:)`.
  static func reading(from result: PostgresResult) throws(PostgresError) -> Reading {
    let readings = try result.rows { row throws(PostgresError) in
      let intact = try row.decode(Bool.self, "intact")
      let rows = try row.decode(Int.self, "rows")
      return Reading(
        isTrusted: intact && rows == 1,
        epoch: try row.decode(Int?.self, "epoch") ?? -1,
        version: try row.decode(String.self, "version"),
        checkedEpoch: try row.decode(Int?.self, "checked_epoch"),
        checkedMigrations: try row.decode(String?.self, "checked_migrations"),
        isSameUser: try row.decode(Bool.self, "same_user"))
    }
    // No row: some part of the watch is missing. Never two: every join is on a unique key.
    return readings.first
      ?? Reading(
        isTrusted: false, epoch: -1, version: "", checkedEpoch: nil, checkedMigrations: nil,
        isSameUser: false)
  }

  /// Records that the full check of the connection's schema passed at `epoch`, with
  /// `migrations` (`Reading.checked(migrations:)`). A read-only server (a standby) cannot, and is left
  /// alone: the next open there checks in full again.
  static func record(
    _ connection: PostgresConnection, migrations: String, epoch: Int
  ) throws(PostgresError) {
    do {
      try connection.execute(
        """
        SELECT authcli_watch.record_check(s.oid, \(migrations)::text, \(epoch)::bigint)
        FROM pg_catalog.pg_namespace AS s
        WHERE s.nspname OPERATOR(pg_catalog.=) \(connection.schema)::text
        """)
    } catch {
      // read_only_sql_transaction is the one failure left alone.
      guard error.sqlState == "25006" else { throw error }
    }
  }
}
