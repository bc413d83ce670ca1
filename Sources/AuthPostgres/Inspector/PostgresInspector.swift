import AuthCore
import AuthDatabase
import AuthSQLStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `inspect` reports about a PostgreSQL database: the server, the schema and its
/// migrations, the tables with their row counts, sessions, and the schema check.
public struct PostgresReport: Hashable, Sendable, SchemaReport {
  /// The server and database, without the password.
  public let target: String
  /// The server's version, for example `15.10 (Debian 15.10-0+deb12u1)`.
  public let serverVersion: String
  /// The database name.
  public let database: String
  /// The schema the tables live in (the first of the search path).
  public let schema: String
  /// The role that owns the tables (`users`), or `nil` before the first migration.
  public var owner: String? = nil
  /// The role this connection runs as.
  public var connectedRole: String = ""
  /// The highest applied migration's number; 0 before the first.
  public let schemaVersion: Int
  /// The newest migration this binary knows.
  public let newestKnownSchemaVersion: Int
  /// Migrations recorded as applied, oldest first.
  public let appliedMigrations: [AppliedMigration]
  /// Identifiers of the known migrations not applied yet.
  public let pendingMigrations: [String]
  /// Each table of the schema with its row count, by name.
  public let tables: [TableCount]
  /// Sessions active and expired at `inspectedAt`, when the sessions table exists.
  public let sessions: SessionCounts?
  /// What `authcli sessions prune` would delete at `inspectedAt`, counted by the store's
  /// own conditions; `nil` before the schema that records failure ages (migration 0003).
  public var prunable: PrunableCounts? = nil
  /// Accounts per password scheme, by the stored hash's prefix; `nil` before the schema.
  public var passwordSchemes: [PasswordSchemeCount]? = nil
  /// The raised sign-in work; `nil` at the default or before migration 0009.
  public var raisedSignInWork: Int? = nil
  /// The tables, indexes and rows' total size on disk.
  public let sizeBytes: Int64
  /// `["ok"]`, or one line per difference from what the migrations create: every table,
  /// column and default, constraint, index, trigger, rule, policy, view, function, operator,
  /// type and sequence of the schema, and each object another role owns.
  public let schemaCheck: [String]
  /// When the report was made.
  public let inspectedAt: Date
  /// Objects in other schemas that reference authcli's tables (an app's tables by their
  /// foreign keys, views that read them), each as `table profiles.profiles references users`;
  /// authcli's own schema holds nothing else, which the schema check makes sure of.
  public var otherObjects: [String] = []

  /// Whether the schema is what the migrations create.
  public var isHealthy: Bool { schemaCheck == ["ok"] }
}

/// Reads a PostgreSQL database's report without writing anything.
public struct PostgresInspector: Sendable {
  private let migrator: PostgresMigrator

  /// An inspector that compares with `migrator`'s migrations.
  public init(migrator: PostgresMigrator = PostgresMigrator()) {
    self.migrator = migrator
  }

  /// Reports on the database `connection` is connected to, as of `time`.
  public func inspect(
    _ connection: PostgresConnection, at time: Date = Date()
  ) throws -> PostgresReport {
    // Before the report's snapshot: the full comparison builds the expected schema in a
    // transaction of its own (rolled back).
    let differences = try migrator.schemaDifferences(in: connection)
    try connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    defer { try? connection.executeScript("ROLLBACK") }
    let facts = try connection.queryFirst(
      """
      SELECT pg_catalog.current_setting('server_version') AS server_version,
        pg_catalog.current_database()::text AS database, pg_catalog.current_schema()::text AS schema,
        CURRENT_USER::text AS role,
        (SELECT pg_catalog.pg_get_userbyid(c.relowner)::text FROM pg_catalog.pg_class AS c
         WHERE c.oid = pg_catalog.to_regclass('users'::text)) AS owner
      """
    ) { row throws(PostgresError) in
      (
        try row.decode(String.self, "server_version"), try row.decode(String.self, "database"),
        try row.decode(String?.self, "schema") ?? "", try row.decode(String.self, "role"),
        try row.decode(String?.self, "owner")
      )
    }
    let names = try connection.query(
      """
      SELECT tablename::text AS name FROM pg_catalog.pg_tables
      WHERE schemaname = pg_catalog.current_schema() ORDER BY 1
      """
    ) { row throws(PostgresError) in try row.decode(String.self, "name") }
    var tables: [TableCount] = []
    var size: Int64 = 0
    for name in names {
      let quoted = SQLText.identifier(name)
      let counted = try connection.queryFirst(
        """
        SELECT pg_catalog.count(*) AS count,
          pg_catalog.pg_total_relation_size(pg_catalog.to_regclass(\(quoted))) AS size
        FROM \(identifier: name)
        """
      ) { row throws(PostgresError) in
        (try row.decode(Int64.self, "count"), try row.decode(Int64?.self, "size") ?? 0)
      }
      tables.append(TableCount(name: name, rows: Int(counted?.0 ?? 0)))
      size += counted?.1 ?? 0
    }
    var sessions: SessionCounts?
    if names.contains("sessions") {
      sessions = try connection.queryFirst(
        """
        SELECT pg_catalog.count(*) FILTER (WHERE expires_at > \(time)) AS active,
          pg_catalog.count(*) FILTER (WHERE expires_at <= \(time)) AS expired
        FROM sessions
        """
      ) { row throws(PostgresError) in
        SessionCounts(
          active: try row.decode(Int.self, "active"), expired: try row.decode(Int.self, "expired"))
      }
    }
    let applied = try migrator.appliedMigrations(in: connection)
    let version = try migrator.currentVersion(of: connection)
    var report = PostgresReport(
      target: connection.target, serverVersion: facts?.0 ?? "", database: facts?.1 ?? "",
      schema: facts?.2 ?? "", schemaVersion: version,
      newestKnownSchemaVersion: migrator.newestVersion, appliedMigrations: applied,
      pendingMigrations: migrator.migrations.filter { $0.version > version }.map(\.identifier),
      tables: tables, sessions: sessions, sizeBytes: size,
      schemaCheck: differences.isEmpty ? ["ok"] : differences, inspectedAt: time)
    report.owner = facts?.4
    report.connectedRole = facts?.3 ?? ""
    report.prunable = try Self.prunableCounts(connection, tables: names, version: version, at: time)
    if names.contains("users") {
      report.passwordSchemes = try PostgresStoreContext(
        connection: connection, singleStatement: false
      ).passwordSchemeCounts()
    }
    report.otherObjects = try Self.referencingObjects(connection)
    if names.contains("sign_in_work") {
      report.raisedSignInWork = try connection.queryFirst(
        "SELECT work FROM sign_in_work WHERE id = 1"
      ) { row throws(PostgresError) in try row.decode(Int.self, "work") }
    }
    return report
  }

  /// Tables of other schemas whose foreign keys reference authcli's tables, and views of
  /// other schemas that read them, by the catalogs' own records of those dependencies.
  private static func referencingObjects(_ connection: PostgresConnection) throws -> [String] {
    try connection.query(
      """
      WITH own AS MATERIALIZED (
        SELECT c.oid, c.relname FROM pg_catalog.pg_class AS c
        JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
        WHERE n.nspname OPERATOR(pg_catalog.=) pg_catalog.current_schema()
      )
      SELECT DISTINCT pg_catalog.format('table %I.%I references %s',
          n.nspname, c.relname, own.relname) AS line
      FROM pg_catalog.pg_constraint AS k
      JOIN own ON own.oid OPERATOR(pg_catalog.=) k.confrelid
      JOIN pg_catalog.pg_class AS c ON c.oid OPERATOR(pg_catalog.=) k.conrelid
      JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) c.relnamespace
      WHERE k.contype OPERATOR(pg_catalog.=) 'f'
        AND n.nspname OPERATOR(pg_catalog.<>) pg_catalog.current_schema()
      UNION
      SELECT DISTINCT pg_catalog.format('view %I.%I reads %s', n.nspname, v.relname, own.relname)
      FROM pg_catalog.pg_depend AS d
      JOIN own ON own.oid OPERATOR(pg_catalog.=) d.refobjid
      JOIN pg_catalog.pg_rewrite AS r ON r.oid OPERATOR(pg_catalog.=) d.objid
      JOIN pg_catalog.pg_class AS v ON v.oid OPERATOR(pg_catalog.=) r.ev_class
      JOIN pg_catalog.pg_namespace AS n ON n.oid OPERATOR(pg_catalog.=) v.relnamespace
      WHERE d.classid OPERATOR(pg_catalog.=) 'pg_catalog.pg_rewrite'::pg_catalog.regclass
        AND d.refclassid OPERATOR(pg_catalog.=) 'pg_catalog.pg_class'::pg_catalog.regclass
        AND n.nspname OPERATOR(pg_catalog.<>) pg_catalog.current_schema()
      ORDER BY 1
      """
    ) { row throws(PostgresError) in try row.decode(String.self, "line") }
  }

  /// Counted with the store's own statements (the same conditions as housekeeping) and the
  /// standard rule for when failures are forgotten, inside the report's snapshot.
  private static func prunableCounts(
    _ connection: PostgresConnection, tables: [String], version: Int, at time: Date
  ) throws -> PrunableCounts? {
    guard version >= 3, tables.contains("sessions"), tables.contains("sign_in_throttle") else {
      return nil
    }
    return try PostgresStoreContext(connection: connection, singleStatement: false)
      .prunableCounts(at: time, countingDeviceCookies: tables.contains("device_cookies"))
  }
}
