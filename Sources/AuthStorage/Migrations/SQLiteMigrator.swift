import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Brings a database's schema up to date, one migration per transaction.
///
/// Each pending migration runs in its own IMMEDIATE transaction together with its
/// row in `schema_migrations` and `PRAGMA user_version = N`, so a failure rolls back
/// that migration alone and leaves the earlier ones applied. Foreign keys are off while
/// a migration runs (so rebuilding a table cannot cascade into its children) and
/// `PRAGMA foreign_key_check` must find nothing before the commit. A database whose
/// `user_version` is newer than the newest known migration is refused before any write;
/// so is a set of migrations with a duplicate number or a gap, and a database whose
/// records name a known number with another name (migrations are keyed by both).
public struct SQLiteMigrator: MigrationExecutor {
  /// The rules this migrator runs, and its migrations.
  public let plan: MigrationPlan

  /// A migrator for the given migrations.
  public init(migrations: [Migration]) {
    plan = MigrationPlan(migrations: migrations)
  }

  /// A migrator for the migrations built into this binary.
  public init() {
    plan = .embeddedSQLite
  }

  /// The migrations not yet applied to `database`, in order. Reads only.
  public func pendingMigrations(in database: SQLiteDatabase) throws -> [Migration] {
    try plan.requireValidSet()
    return try plan.pending(after: try database.userVersion())
  }

  /// The migrations recorded in `database`, oldest first. Reads only.
  public func appliedMigrations(in database: SQLiteDatabase) throws -> [AppliedMigration] {
    try Self.appliedMigrations(in: database)
  }

  /// The migrations recorded in `database`, oldest first; empty before the first one.
  public static func appliedMigrations(in database: SQLiteDatabase) throws -> [AppliedMigration] {
    guard try database.tableExists("schema_migrations") else { return [] }
    return try database.query(
      "SELECT identifier, applied_at FROM schema_migrations ORDER BY applied_at, identifier"
    ) { row throws(SQLiteError) in
      AppliedMigration(
        identifier: try row.decode(String.self, "identifier"),
        appliedAt: try row.decode(Date.self, "applied_at"))
    }
  }

  /// Applies every pending migration and returns the ones applied (empty when up to date).
  ///
  /// Throws `SQLiteError.schemaTooNew` without writing when the database is newer,
  /// and `SQLiteError.migrationFailed` when one fails (that one is rolled back).
  @discardableResult
  public func migrate(_ database: SQLiteDatabase, at time: Date = Date()) throws -> [Migration] {
    try plan.requireValidSet()
    let current = try database.userVersion()
    try plan.admit(
      version: current, recorded: { try appliedMigrations(in: database).map(\.identifier) }
    ) {
      SQLiteError.schemaTooNew(found: $0, newestKnown: $1)
    }
    var applied: [Migration] = []
    for migration in migrations where migration.version > current {
      if try apply(migration, to: database, at: time) { applied.append(migration) }
    }
    return applied
  }

  /// Applies one migration unless another connection got there first; returns whether it ran.
  private func apply(
    _ migration: Migration, to database: SQLiteDatabase, at time: Date
  ) throws -> Bool {
    // Off outside the transaction (SQLite ignores the pragma inside one), back on after.
    try database.executeScript("PRAGMA foreign_keys = OFF")
    defer { try? database.executeScript("PRAGMA foreign_keys = ON") }
    do throws(SQLiteError) {
      return try database.transaction(.immediate) { () throws(SQLiteError) in
        // Re-read under the write lock: a concurrent process may have migrated meanwhile.
        guard try database.userVersion() < migration.version else { return false }
        try database.executeScript(migration.sql)
        let broken = try database.query("PRAGMA foreign_key_check") { row throws(SQLiteError) in
          try row.decode(String.self, "table")
        }
        if let table = broken.first {
          throw .foreignKeysBroken(identifier: migration.identifier, table: table)
        }
        try database.executeScript(
          """
          CREATE TABLE IF NOT EXISTS schema_migrations (
            identifier TEXT PRIMARY KEY,
            applied_at INTEGER NOT NULL
          ) STRICT;
          PRAGMA user_version = \(migration.version);
          """)
        try database.execute(
          """
          INSERT INTO schema_migrations (identifier, applied_at)
          VALUES (\(migration.identifier), \(time))
          """)
        return true
      }
    } catch .engine(let error) where !error.isBusy {
      // A busy database is a "try again", not a broken migration; it passes through as is.
      throw SQLiteError.migrationFailed(identifier: migration.identifier, underlying: error)
    } catch {
      throw error
    }
  }
}
