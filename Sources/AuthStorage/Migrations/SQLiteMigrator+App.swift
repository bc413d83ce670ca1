import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteMigrator: AppMigrationExecutor {
  /// Applies an app's pending migrations, after authcli's own, and returns the ones applied
  /// (empty when up to date). Throws `MigrationSetError` for a broken set, a namespace
  /// recorded at a newer version, or a record under another name.
  @discardableResult
  public func migrate(
    _ database: SQLiteDatabase, app: AppMigrations, at time: Date = Date()
  ) throws -> [Migration] {
    try migrateApp(database, app: app, at: time)
  }

  /// The identifiers an app's namespace records as applied, in version order; empty before
  /// authcli's migration that keeps them, or before the app's first. Reads only.
  public static func appliedMigrations(
    of namespace: String, in database: SQLiteDatabase
  ) throws -> [String] {
    try recordedAppMigrations(of: namespace, in: database)
  }

  /// Applies one of an app's migrations in its own IMMEDIATE transaction with its row in
  /// `app_migrations`, foreign keys off and checked before the commit, as authcli's do;
  /// `user_version` and `schema_migrations` are left alone. A migration that leaves
  /// authcli's objects other than its migrations made them, or attaches anything to them, is
  /// rolled back (`SQLiteError.unexpectedSchema`).
  package func applyAppMigration(
    _ migration: Migration, of namespace: String, to database: SQLiteDatabase, at time: Date
  ) throws -> Bool {
    try database.executeScript("PRAGMA foreign_keys = OFF")
    defer { try? database.executeScript("PRAGMA foreign_keys = ON") }
    try database.begin(.immediate)
    do {
      // Re-read under the write lock: a concurrent process may have migrated meanwhile.
      let recorded = try database.scalarInt(
        """
        SELECT coalesce(max(version), 0) FROM app_migrations WHERE namespace = \(namespace)
        """)
      guard recorded < migration.version else {
        database.rollbackQuietly()
        return false
      }
      try database.executeScript(migration.sql)
      let broken = try database.query("PRAGMA foreign_key_check") { row throws(SQLiteError) in
        try row.decode(String.self, "table")
      }
      if let table = broken.first {
        throw SQLiteError.foreignKeysBroken(identifier: migration.identifier, table: table)
      }
      let differences = try schemaDifferences(in: database)
      if !differences.isEmpty {
        throw SQLiteError.unexpectedSchema(path: database.path, differences: differences)
      }
      try database.execute(
        """
        INSERT INTO app_migrations (namespace, version, identifier, applied_at)
        VALUES (\(namespace), \(migration.version), \(migration.identifier), \(time))
        """)
      try database.commit()
      return true
    } catch SQLiteError.engine(let error) where !error.isBusy {
      database.rollbackQuietly()
      throw SQLiteError.migrationFailed(
        identifier: namespace + "/" + migration.identifier, underlying: error)
    } catch {
      database.rollbackQuietly()
      throw error
    }
  }
}
