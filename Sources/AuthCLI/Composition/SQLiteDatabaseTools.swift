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
  private let migrator = Migrator()

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
    let probe = try Database.open(
      path: path,
      options: OpenOptions(mode: .readWrite, allowsReadableByOthers: true, writesNothing: true))
    _ = try SchemaAdoption().check(probe)
    probe.close()
    // An authcli database holds password hashes and is 0600, its -wal and -shm (made at the
    // next open) too.
    guard chmod(path, 0o600) == 0 else {
      throw CLIError.inputOutput(path: path, reason: .system(errno))
    }
    let database = try Database.open(path: path, options: OpenOptions(mode: .readWrite))
    defer { database.close() }
    let adopted = try SchemaAdoption().adopt(database)
    let applied = try migrator.migrate(database)
    return AdoptionOutcome(
      adoptedVersion: adopted, applied: applied, schemaVersion: try database.userVersion())
  }

  func backup(to path: String) throws -> BackupReport {
    guard let source = try DatabaseOpener.existingPath(location) else {
      throw CLIError.internalFailure("An in-memory database reached the backup of a file")
    }
    let database = try Database.open(
      path: source,
      options: OpenOptions(mode: .readOnly, newestKnownSchemaVersion: migrator.newestVersion))
    defer { database.close() }
    return try DatabaseBackup.write(from: database, to: path)
  }

  func users() throws -> [UserDirectoryEntry] {
    let database = try openForReading()
    defer { database.close() }
    if let first = try migrator.pendingMigrations(in: database).first {
      throw DatabaseOpener.needsMigration(first)
    }
    return try UserDirectory(database: database).users()
  }

  func inspect() throws -> Inspection {
    let report: DatabaseReport
    if let path = try DatabaseOpener.existingPath(location) {
      report = try DatabaseInspector().inspect(path: path)
    } else {
      report = try DatabaseInspector().inspect(openForReading())
    }
    return Inspection(
      leadingFacts: [
        ["Path", report.path],
        ["Size", Self.size(report)],
        ["SQLite", report.sqliteVersion],
        ["Journal mode", report.journalMode],
      ],
      notes: report.needsAdoption
        ? ["restored from a dump? check it with 'authcli migrate --adopt'"] : [],
      trailingFacts: Self.checks(report),
      schema: report,
      engineFacts: FileFacts(report), problem: Self.problem(report))
  }

  /// A read-only connection to an existing file (never created, never written),
  /// or a fresh migrated in-memory database for `:memory:`.
  private func openForReading() throws -> Database {
    guard let path = try DatabaseOpener.existingPath(location) else {
      try refuseServer()
      let database = try Database.openInMemory()
      try migrator.migrate(database)
      return database
    }
    return try openChecked(path, mode: .readOnly)
  }

  /// A read-write connection, creating the file (0600) when missing, and the default
  /// location's folder (0700).
  private func openForWriting() throws -> Database {
    try refuseServer()
    guard case .file(let path, _) = location else { return try Database.openInMemory() }
    try DatabaseOpener.prepareFolder(of: location)
    return try openChecked(path, mode: .readWriteCreate)
  }

  /// Opens a file refusing a newer schema, then refuses a schema that is not exactly what
  /// its recorded migrations create.
  private func openChecked(_ path: String, mode: OpenMode) throws -> Database {
    let database = try Database.open(
      path: path,
      options: OpenOptions(mode: mode, newestKnownSchemaVersion: migrator.newestVersion))
    try migrator.verifySchema(of: database)
    return database
  }

  /// A server reached these tools: the composition root chose the wrong ones.
  private func refuseServer() throws {
    if case .postgres = location {
      throw CLIError.internalFailure("A PostgreSQL database reached the SQLite tools")
    }
  }

  private static func size(_ report: DatabaseReport) -> String {
    guard let bytes = report.fileSizeBytes else { return "in memory" }
    var text = "\(bytes) bytes"
    if let wal = report.walSizeBytes { text += " (+ \(wal) bytes of WAL)" }
    return text
  }

  /// Triggers, views, the schema check and the integrity check, as `inspect` lists them.
  private static func checks(_ report: DatabaseReport) -> [[String]] {
    var facts = InspectReportText.rows(
      "Triggers", report.triggers.isEmpty ? ["none"] : report.triggers)
    facts += InspectReportText.rows("Views", report.views.isEmpty ? ["none"] : report.views)
    if let differences = report.schemaDifferences {
      facts += InspectReportText.rows(
        "Schema check",
        differences.isEmpty ? ["ok (exactly what the migrations create)"] : differences)
    } else {
      facts.append(["Schema check", "not judged (not a schema this program knows)"])
    }
    return facts + InspectReportText.rows("Integrity check", report.integrityCheck)
  }

  /// The keys only an SQLite file has, beside the shared ones.
  struct FileFacts: JSONOutput {
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

    init(_ report: DatabaseReport) {
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
  }

  /// A failed integrity check, else a schema holding more than its migrations create.
  private static func problem(_ report: DatabaseReport) -> CLIError? {
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
