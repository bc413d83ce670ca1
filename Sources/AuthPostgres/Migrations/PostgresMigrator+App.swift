import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresMigrator: AppMigrationExecutor {
  /// Applies an app's pending migrations, after authcli's own, and returns the ones applied
  /// (empty when up to date). Throws `MigrationSetError` for a broken set, a namespace
  /// recorded at a newer version, or a record under another name.
  @discardableResult
  public func migrate(
    _ connection: PostgresConnection, app: AppMigrations, at time: Date = Date()
  ) throws -> [Migration] {
    try migrateApp(connection, app: app, at: time)
  }

  /// The identifiers an app's namespace records as applied, in version order; empty before
  /// authcli's migration that keeps them, or before the app's first. Reads only.
  public static func appliedMigrations(
    of namespace: String, in connection: PostgresConnection
  ) throws -> [String] {
    try recordedAppMigrations(of: namespace, in: connection)
  }

  /// Applies one of an app's migrations in its own transaction, under the lock authcli's
  /// migrations take, in the schema named after the namespace (created by the first), with
  /// the search path set to the app's schema and then authcli's (so the app's tables go in
  /// its own schema and `REFERENCES users (id)` finds authcli's table), and with its row in
  /// `app_migrations`; `schema_migrations` is left alone. A migration that changes anything
  /// in authcli's schema (a trigger, index, rule or policy on one of its tables, an object
  /// among them) is rolled back (`PostgresError.unexpectedSchema`).
  package func applyAppMigration(
    _ migration: Migration, of namespace: String, to connection: PostgresConnection,
    at time: Date
  ) throws -> Bool {
    let ownPath = Self.quoted(connection.schema) + ", pg_temp"
    try connection.begin()
    do {
      try connection.execute(
        """
        SELECT pg_catalog.pg_advisory_xact_lock(
          1635087464, pg_catalog.hashtext(pg_catalog.current_schema()::text))
        """)
      // Read again under the lock: another process may have migrated meanwhile.
      let recorded =
        try connection.queryFirst(
          """
          SELECT COALESCE(pg_catalog.max(version), 0) AS version
          FROM app_migrations WHERE namespace = \(namespace)
          """
        ) { row throws(PostgresError) in try row.decode(Int.self, "version") } ?? 0
      guard recorded < migration.version else {
        try connection.executeScript("COMMIT")
        return false
      }
      let before = try PostgresSchema.objects(in: connection)
      do throws(PostgresError) {
        try connection.executeScript(
          "CREATE SCHEMA IF NOT EXISTS \(Self.quoted(namespace));\n"
            + "SET LOCAL search_path = \(Self.quoted(namespace)), \(ownPath)")
        try connection.executeScript(migration.sql)
        try connection.executeScript("SET LOCAL search_path = \(ownPath)")
      } catch {
        throw error.isConnectionFailure
          ? error
          : PostgresError.migrationFailed(
            identifier: namespace + "/" + migration.identifier, underlying: error)
      }
      let after = try PostgresSchema.objects(in: connection)
      if after != before {
        throw PostgresError.unexpectedSchema(
          schema: connection.schema,
          differences: PostgresSchema.differences(found: after, expected: before))
      }
      try connection.execute(
        """
        INSERT INTO app_migrations (namespace, version, identifier, applied_at)
        VALUES (\(namespace), \(migration.version), \(migration.identifier), \(time))
        """)
      try connection.executeScript("COMMIT")
      return true
    } catch {
      if connection.isOpen { try? connection.executeScript("ROLLBACK") }
      throw error
    }
  }

  /// A name as an SQL identifier, in double quotes.
  private static func quoted(_ name: String) -> String {
    SQLText.identifier(name)
  }
}
