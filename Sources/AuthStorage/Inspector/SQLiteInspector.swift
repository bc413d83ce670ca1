import AuthCore
import AuthDatabase
import AuthSQLStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reports on a database without writing to it; works on a read-only connection.
public struct SQLiteInspector: Sendable {
  /// The migrations the report compares the database with.
  public let migrator: SQLiteMigrator

  /// An inspector that knows the given migrations (the embedded ones by default).
  public init(migrator: SQLiteMigrator = SQLiteMigrator()) {
    self.migrator = migrator
  }

  /// Opens the file at `path` read-only (never creating it) and reports on it.
  public func inspect(path: String, at time: Date = Date()) throws -> SQLiteReport {
    let database = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    defer { database.close() }
    return try inspect(database, at: time)
  }

  /// Reports on an open connection; only reads, so any writes stay with the caller.
  public func inspect(_ database: SQLiteDatabase, at time: Date = Date()) throws -> SQLiteReport {
    let tableNames = try database.query(
      """
      SELECT name FROM sqlite_schema
      WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
      ORDER BY name
      """
    ) { row throws(SQLiteError) in try row.decode(String.self, "name") }
    let version = try database.userVersion()
    let judged = version > 0 && version <= migrator.newestVersion
    let tables = try tableNames.map { name in
      SQLiteReport.TableCount(
        name: name, rows: Int(try database.scalarInt("SELECT count(*) FROM \(identifier: name)")))
    }
    let schemaVersion = try database.userVersion()
    let applied = try migrator.appliedMigrations(in: database)
    // A copy rebuilt from `sqlite3 .dump` records its migrations but lost user_version:
    // pending is then what the records lack, not everything, and adoption is what it needs.
    let needsAdoption = schemaVersion == 0 && !applied.isEmpty
    let recorded = Set(applied.map(\.identifier))
    let pending =
      needsAdoption
      ? migrator.migrations.map(\.identifier).filter { !recorded.contains($0) }
      : try migrator.pendingMigrations(in: database).map(\.identifier)
    var report = SQLiteReport(
      path: database.path,
      fileSizeBytes: database.isInMemory ? nil : fileSize(database.path),
      walSizeBytes: database.isInMemory ? nil : fileSize(database.path + "-wal"),
      sqliteVersion: database.libraryVersion,
      journalMode: try database.scalarString("PRAGMA journal_mode") ?? "unknown",
      schemaVersion: schemaVersion,
      newestKnownSchemaVersion: migrator.newestVersion,
      appliedMigrations: applied,
      pendingMigrations: pending,
      tables: tables,
      sessions: tableNames.contains("sessions") ? try sessionCounts(database, at: time) : nil,
      inspectedAt: time,
      integrityCheck: try migrator.integrityCheck(of: database),
      triggers: try objectNames(ofType: "trigger", in: database),
      views: try objectNames(ofType: "view", in: database),
      schemaDifferences: judged ? try migrator.schemaDifferences(in: database) : nil)
    report.prunable = try prunableCounts(database, at: time)
    if tableNames.contains("users") {
      report.passwordSchemes = try SQLiteStoreContext(database: database).passwordSchemeCounts()
    }
    if tableNames.contains("sign_in_work") {
      report.raisedSignInWork = try database.queryFirst(
        "SELECT work FROM sign_in_work WHERE id = 1"
      ) { row throws(SQLiteError) in try row.decode(Int.self, "work") }
    }
    report.needsAdoption = needsAdoption
    if judged { report.otherObjects = try migrator.otherObjects(in: database) }
    return report
  }

  private func objectNames(ofType type: String, in database: SQLiteDatabase) throws -> [String] {
    try database.query("SELECT name FROM sqlite_schema WHERE type = \(type) ORDER BY name") {
      row throws(SQLiteError) in try row.decode(String.self, "name")
    }
  }

  /// Counted with the same conditions as the store's housekeeping, and the standard rule
  /// for when failures are forgotten; `nil` when the throttle has no failure ages yet.
  private func prunableCounts(
    _ database: SQLiteDatabase, at time: Date
  ) throws -> SQLiteReport.PrunableCounts? {
    let columns = try database.query("SELECT name FROM pragma_table_info('sign_in_throttle')") {
      row throws(SQLiteError) in try row.decode(String.self, "name")
    }
    guard columns.contains("last_failure_at") else { return nil }
    return try SQLiteStoreContext(database: database).prunableCounts(
      at: time, countingDeviceCookies: try database.tableExists("device_cookies"))
  }

  private func sessionCounts(
    _ database: SQLiteDatabase, at time: Date
  ) throws
    -> SQLiteReport.SessionCounts
  {
    let counts = try database.queryFirst(
      """
      SELECT count(*) FILTER (WHERE expires_at > \(time)) AS active,
        count(*) FILTER (WHERE expires_at <= \(time)) AS expired
      FROM sessions
      """
    ) { row throws(SQLiteError) in
      (try row.decode(Int64.self, "active"), try row.decode(Int64.self, "expired"))
    }
    return SQLiteReport.SessionCounts(
      active: Int(counts?.0 ?? 0), expired: Int(counts?.1 ?? 0))
  }

  private func fileSize(_ path: String) -> Int64? {
    var status = stat()
    return stat(path, &status) == 0 ? Int64(status.st_size) : nil
  }
}
