import AuthStorage
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Brings a PostgreSQL schema up to date, one migration per transaction.
///
/// Every migration runs in its own transaction together with its row in
/// `schema_migrations`, after taking a transaction-scoped advisory lock for the schema
/// (`pg_advisory_xact_lock`), so two processes migrating at once are serialised and the
/// second finds the work done. A schema whose recorded version is newer than the newest
/// known migration is refused before anything is written; so is a record whose name
/// differs from the known migration with its number.
public struct PostgresMigrator: Sendable {
  /// The migrations this migrator knows, in version order.
  public let migrations: [Migration]
  /// What is wrong with the migrations (a duplicate number, a gap, a misnamed file),
  /// refused before anything is read or written.
  public let problem: MigrationSetError?

  /// A migrator for the given migrations.
  public init(migrations: [Migration]) {
    self.migrations = migrations.sorted { $0.version < $1.version }
    do throws(MigrationSetError) {
      try Migration.checkNumbering(migrations)
      problem = nil
    } catch {
      problem = error
    }
  }

  /// A migrator for the PostgreSQL migrations built into this binary.
  public init() {
    self.init(migrations: Self.embedded)
    if let embeddedProblem = Self.embeddedProblem {
      self = PostgresMigrator(migrations: [], problem: embeddedProblem)
    }
  }

  private init(migrations: [Migration], problem: MigrationSetError) {
    self.migrations = migrations
    self.problem = problem
  }

  /// The migrations built into this binary from `Migrations/postgres/`, in version order
  /// (empty when the files break a rule, which `embeddedProblem` names).
  public static let embedded: [Migration] =
    (try? Migration.validated(files: EmbeddedMigrations.files)) ?? []

  /// The rule the embedded files break, if any (the build checks it first).
  public static let embeddedProblem: MigrationSetError? = {
    do throws(MigrationSetError) {
      _ = try Migration.validated(files: EmbeddedMigrations.files)
      return nil
    } catch {
      return error
    }
  }()

  /// The embedded file names, named well or not (a test compares them with SQLite's).
  public static let embeddedFileNames: [String] = EmbeddedMigrations.files.map(\.name)

  /// The version a fully migrated schema has; 0 when there are no migrations.
  public var newestVersion: Int { migrations.last?.version ?? 0 }

  /// The highest applied version; 0 before the first migration. Reads only.
  public func currentVersion(of connection: PostgresConnection) throws -> Int {
    guard try Self.hasRecordTable(connection) else { return 0 }
    return try connection.queryFirst("SELECT coalesce(max(version), 0) FROM schema_migrations") {
      row in Int(try row.int64(0))
    } ?? 0
  }

  /// The migrations recorded, oldest first. Reads only.
  public func appliedMigrations(
    in connection: PostgresConnection
  ) throws -> [AppliedMigration] {
    guard try Self.hasRecordTable(connection) else { return [] }
    return try connection.query(
      "SELECT identifier, applied_at FROM schema_migrations ORDER BY version"
    ) { row in
      AppliedMigration(identifier: row.string(0), appliedAt: try row.date(1))
    }
  }

  /// The migrations not yet applied, in order. Reads only.
  public func pendingMigrations(
    in connection: PostgresConnection
  ) throws -> [Migration] {
    if let problem { throw problem }
    let current = try currentVersion(of: connection)
    return migrations.filter { $0.version > current }
  }

  /// Throws `schemaTooNew` when the schema is newer than this migrator knows. Reads only.
  public func refuseNewerSchema(_ connection: PostgresConnection) throws {
    let current = try currentVersion(of: connection)
    if current > newestVersion {
      throw PostgresError.schemaTooNew(found: current, newestKnown: newestVersion)
    }
  }

  /// Applies every pending migration and returns the ones applied (empty when up to date).
  @discardableResult
  public func migrate(
    _ connection: PostgresConnection, at time: Date = Date()
  ) throws -> [Migration] {
    if let problem { throw problem }
    try refuseNewerSchema(connection)
    try Migration.checkRecords(
      try appliedMigrations(in: connection).map(\.identifier), against: migrations)
    var applied: [Migration] = []
    for migration in migrations where try apply(migration, to: connection, at: time) {
      applied.append(migration)
    }
    return applied
  }

  private func apply(
    _ migration: Migration, to connection: PostgresConnection, at time: Date
  ) throws -> Bool {
    try connection.executeScript("BEGIN")
    do {
      // One lock per schema: tests and tenants in other schemas of the database go on.
      try connection.execute(
        "SELECT pg_advisory_xact_lock(1635087464, hashtext(current_schema()))")
      try connection.executeScript(
        """
        CREATE TABLE IF NOT EXISTS schema_migrations (
          version    integer PRIMARY KEY CHECK (version > 0),
          identifier text    NOT NULL UNIQUE,
          applied_at bigint  NOT NULL
        )
        """)
      // Read again under the lock: another process may have migrated meanwhile.
      let current = try currentVersion(of: connection)
      if current > newestVersion {
        throw PostgresError.schemaTooNew(found: current, newestKnown: newestVersion)
      }
      guard current < migration.version else {
        try connection.executeScript("COMMIT")
        return false
      }
      do {
        try connection.executeScript(migration.sql)
        try connection.execute(
          "INSERT INTO schema_migrations (version, identifier, applied_at) VALUES ($1, $2, $3)",
          [.bigint(Int64(migration.version)), .text(migration.identifier), .time(time)])
      } catch let error as PostgresError where !error.isConnectionFailure {
        throw PostgresError.migrationFailed(identifier: migration.identifier, underlying: error)
      }
      try connection.executeScript("COMMIT")
      return true
    } catch {
      if connection.isOpen { try? connection.executeScript("ROLLBACK") }
      throw error
    }
  }

  private static func hasRecordTable(
    _ connection: PostgresConnection
  ) throws
    -> Bool
  {
    try connection.queryFirst("SELECT to_regclass('schema_migrations') IS NOT NULL") {
      row in try row.bool(0)
    } ?? false
  }
}
