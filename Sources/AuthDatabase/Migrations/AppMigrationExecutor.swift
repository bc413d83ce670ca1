#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A connection as a migrator reads its record tables through it, on either engine
/// (`SQLiteDatabase`, `PostgresConnection`).
package protocol DatabaseConnection: AnyObject {
  /// The engine's query.
  associatedtype Query: DatabaseQuery
  /// The engine's row.
  associatedtype Row: DatabaseRow

  /// Runs a query and maps each row with `row`.
  func query<T>(_ query: Query, row: (Row) throws(Row.Failure) -> T) throws(Row.Failure) -> [T]
  /// Whether the connection finds a table of this name where its statements look (SQLite's
  /// main schema; PostgreSQL's search path): the record tables exist only from the migration
  /// that makes them on.
  func tableExists(_ name: String) throws(Row.Failure) -> Bool
}

/// A migrator that applies an app's migrations (`AppMigrations`) beside authcli's: the
/// reading of what a namespace records and the order of the work are the same on both
/// engines; each engine applies one migration its own way (its transaction, its lock, its
/// schema check). Package-wide: a migrator's public `migrate(_:app:at:)` calls
/// `migrateApp`, so that the one-migration step, which checks neither the set nor the
/// records, is no public API.
package protocol AppMigrationExecutor: MigrationExecutor {
  /// The engine's connection.
  associatedtype Connection: DatabaseConnection

  /// Applies one of an app's migrations in a transaction of its own with its row in
  /// `app_migrations`, unless another process applied it meanwhile; returns whether it ran.
  /// It checks neither the set nor the records: `migrate(_:app:at:)` does, and calls this.
  func applyAppMigration(
    _ migration: Migration, of namespace: String, to connection: Connection, at time: Date
  ) throws -> Bool
}

extension AppMigrationExecutor {
  /// Applies an app's pending migrations, after authcli's own, and returns the ones applied
  /// (empty when up to date); each as `applyAppMigration` describes for the engine. Throws
  /// `MigrationSetError` for a broken set, a namespace recorded at a newer version, or a
  /// record under another name.
  package func migrateApp(
    _ connection: Connection, app: AppMigrations, at time: Date
  ) throws -> [Migration] {
    try app.applyPending(
      recorded: try Self.recordedAppMigrations(of: app.namespace, in: connection)
    ) {
      try applyAppMigration($0, of: app.namespace, to: connection, at: time)
    }
  }

  /// The identifiers an app's namespace records as applied, in version order; empty before
  /// authcli's migration that keeps them, or before the app's first. Reads only.
  package static func recordedAppMigrations(
    of namespace: String, in connection: Connection
  ) throws -> [String] {
    guard try connection.tableExists("app_migrations") else { return [] }
    return try connection.query(
      "SELECT identifier FROM app_migrations WHERE namespace = \(namespace) ORDER BY version"
    ) { row throws(Connection.Row.Failure) in try row.decode(String.self, "identifier") }
  }
}
