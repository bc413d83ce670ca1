import AuthDatabase
import AuthStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The database tools on an SQLite file, or on a fresh `:memory:` database.
struct SQLiteDatabaseTools: DatabaseTools {
  /// A file or `:memory:`, never a server.
  let location: DatabaseLocation
  private let migrator = SQLiteMigrator()

  func migrate() throws -> MigrationOutcome {
    let database = try openForWriting()
    defer { database.close() }
    let applied = try migrator.migrate(database)
    return MigrationOutcome(applied: applied, schemaVersion: try database.userVersion())
  }

  func migrationStatus() throws -> MigrationStatus {
    let database = try openForReading()
    defer { database.close() }
    return MigrationStatus(
      applied: try migrator.appliedMigrations(in: database),
      pending: try migrator.pendingMigrations(in: database).map(\.identifier),
      schemaVersion: try database.userVersion(), newestKnownVersion: migrator.newestVersion)
  }

  func adopt() throws -> AdoptionOutcome {
    guard let path = try DatabaseOpener.existingPath(location) else {
      throw CLIError.internalFailure("An in-memory database reached the adoption of a file")
    }
    // No schema-version check at open: version 0 with tables is what adoption is for.
    // Checked first on a connection that writes nothing (not even the journal mode), so a
    // refused file is left exactly as it was, mode included. Writable all the same: on a
    // read-only connection `PRAGMA integrity_check` skips the CHECK constraints.
    // A shell made the copy with its umask (0644 as a rule), so a file others may read is
    // accepted here, and only here: it is made private as soon as it has passed.
    let probe = try SQLiteDatabase.open(
      path: path,
      options: SQLiteOpenOptions(
        mode: .readWrite, allowsReadableByOthers: true, writesNothing: true))
    _ = try SQLiteSchemaAdoption().check(probe)
    probe.close()
    // An authcli database holds password hashes and is 0600, its -wal and -shm (made at the
    // next open) too.
    guard chmod(path, 0o600) == 0 else {
      throw CLIError.inputOutput(path: path, reason: .system(errno))
    }
    let database = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readWrite))
    defer { database.close() }
    let adopted = try SQLiteSchemaAdoption().adopt(database)
    let applied = try migrator.migrate(database)
    return AdoptionOutcome(
      adoptedVersion: adopted, applied: applied, schemaVersion: try database.userVersion())
  }

  func backup(to path: String) throws -> BackupReport {
    guard let source = try DatabaseOpener.existingPath(location) else {
      throw CLIError.internalFailure("An in-memory database reached the backup of a file")
    }
    let database = try SQLiteDatabase.open(
      path: source,
      options: SQLiteOpenOptions(mode: .readOnly, newestKnownSchemaVersion: migrator.newestVersion))
    defer { database.close() }
    return try SQLiteBackup.write(from: database, to: path)
  }

  func users() throws -> [UserDirectoryEntry] {
    let database = try openForReading()
    defer { database.close() }
    if let first = try migrator.pendingMigrations(in: database).first {
      throw DatabaseOpener.needsMigration(first)
    }
    return try SQLiteUserDirectory(database: database).users()
  }

  func inspect() throws -> Inspection {
    let report: SQLiteReport
    if let path = try DatabaseOpener.existingPath(location) {
      report = try SQLiteInspector().inspect(path: path)
    } else {
      report = try SQLiteInspector().inspect(openForReading())
    }
    return Inspection(
      schema: report, engineFacts: FileFacts(report), problem: Self.problem(report))
  }

  /// A read-only connection to an existing file (never created, never written),
  /// or a fresh migrated in-memory database for `:memory:`.
  private func openForReading() throws -> SQLiteDatabase {
    guard let path = try DatabaseOpener.existingPath(location) else {
      try refuseServer()
      let database = try SQLiteDatabase.openInMemory()
      try migrator.migrate(database)
      return database
    }
    return try openChecked(path, mode: .readOnly)
  }

  /// A read-write connection, creating the file (0600) when missing, and the default
  /// location's folder (0700).
  private func openForWriting() throws -> SQLiteDatabase {
    try refuseServer()
    guard case .file(let path, _) = location else { return try SQLiteDatabase.openInMemory() }
    try DatabaseOpener.prepareFolder(of: location)
    return try openChecked(path, mode: .readWriteCreate)
  }

  /// Opens a file refusing a newer schema, then refuses a schema that is not exactly what
  /// its recorded migrations create.
  private func openChecked(_ path: String, mode: SQLiteOpenMode) throws -> SQLiteDatabase {
    let database = try SQLiteDatabase.open(
      path: path,
      options: SQLiteOpenOptions(mode: mode, newestKnownSchemaVersion: migrator.newestVersion))
    try migrator.verifySchema(of: database)
    return database
  }

  /// A server reached these tools: the composition root chose the wrong ones.
  private func refuseServer() throws {
    if case .postgres = location {
      throw CLIError.internalFailure("A PostgreSQL database reached the SQLite tools")
    }
  }

  /// The keys only an SQLite file has, beside the shared ones.
  struct FileFacts: JSONOutput, InspectedEngine {
    let needsAdoption: Bool
    let path: String
    let sizeBytes: Int64?
    let walSizeBytes: Int64?
    let sqliteVersion: String
    let journalMode: String
    let integrityCheck: [String]
    let integrityOK: Bool
    let triggers: [String]
    let views: [String]
    /// `null` for a schema this program does not know.
    let schemaDifferences: [String]?
    let schemaOK: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case integrityCheck = "integrity_check", integrityOK = "integrity_ok"
      case journalMode = "journal_mode", needsAdoption = "needs_adoption", path
      case schemaDifferences = "schema_differences", schemaOK = "schema_ok"
      case sizeBytes = "size_bytes", sqliteVersion = "sqlite_version", triggers, views
      case walSizeBytes = "wal_size_bytes"
    }

    init(_ report: SQLiteReport) {
      needsAdoption = report.needsAdoption
      path = report.path
      sizeBytes = report.fileSizeBytes
      walSizeBytes = report.walSizeBytes
      sqliteVersion = report.sqliteVersion
      journalMode = report.journalMode
      integrityCheck = report.integrityCheck
      integrityOK = report.isHealthy
      triggers = report.triggers
      views = report.views
      schemaDifferences = report.schemaDifferences
      schemaOK = report.schemaDifferences.map(\.isEmpty)
    }

    var leadingFacts: [[String]] {
      [
        ["Path", path], ["Size", size], ["SQLite", sqliteVersion], ["Journal mode", journalMode],
      ]
    }

    var notes: [String] {
      needsAdoption ? ["restored from a dump? check it with 'authcli migrate --adopt'"] : []
    }

    /// Triggers, views, the schema check and the integrity check.
    var trailingFacts: [[String]] {
      var facts = InspectReportText.rows("Triggers", triggers.isEmpty ? ["none"] : triggers)
      facts += InspectReportText.rows("Views", views.isEmpty ? ["none"] : views)
      if let schemaDifferences {
        facts += InspectReportText.rows(
          "Schema check",
          schemaDifferences.isEmpty
            ? ["ok (exactly what the migrations create)"] : schemaDifferences)
      } else {
        facts.append(["Schema check", "not judged (not a schema this program knows)"])
      }
      return facts + InspectReportText.rows("Integrity check", integrityCheck)
    }

    private var size: String {
      guard let sizeBytes else { return "in memory" }
      var text = "\(sizeBytes) bytes"
      if let walSizeBytes { text += " (+ \(walSizeBytes) bytes of WAL)" }
      return text
    }
  }

  /// A failed integrity check, else a schema holding more than its migrations create.
  private static func problem(_ report: SQLiteReport) -> CLIError? {
    if !report.isHealthy {
      return .incompatibleDatabase(
        "The integrity check failed: " + report.integrityCheck.prefix(3).joined(separator: "; "),
        kind: .corruptDatabase)
    }
    if let differences = report.schemaDifferences, !differences.isEmpty {
      return .incompatibleDatabase(
        "The schema holds what its migrations do not create: "
          + differences.joined(separator: ", "), kind: .unexpectedSchema)
    }
    return nil
  }
}
