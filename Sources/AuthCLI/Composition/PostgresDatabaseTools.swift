import AuthDatabase
import AuthPostgres

/// The database tools on a PostgreSQL server: the schema named by the target's search path.
struct PostgresDatabaseTools: DatabaseTools {
  let target: PostgresTarget
  private let migrator = PostgresMigrator()

  func migrate() throws -> MigrationOutcome {
    let connection = try connect()
    let applied = try migrator.migrate(connection)
    return MigrationOutcome(
      applied: applied, schemaVersion: try migrator.currentVersion(of: connection))
  }

  func migrationStatus() throws -> MigrationStatus {
    let connection = try connect()
    return MigrationStatus(
      applied: try migrator.appliedMigrations(in: connection),
      pending: try migrator.pendingMigrations(in: connection).map(\.identifier),
      schemaVersion: try migrator.currentVersion(of: connection),
      newestKnownVersion: migrator.newestVersion)
  }

  /// A server restores with its own tools (pg_restore), which keep the schema's records.
  func adopt() throws -> AdoptionOutcome {
    throw sqliteOnly(hint: "A PostgreSQL database needs no adoption: run 'authcli migrate'.")
  }

  /// A server has its own tools for this (pg_dump).
  func backup(to path: String) throws -> BackupReport {
    throw sqliteOnly(
      hint: "Back up a PostgreSQL database with pg_dump, which takes the same URI: "
        + "pg_dump --dbname '\(target.displayName)' --file auth.sql")
  }

  func users() throws -> [UserDirectoryEntry] {
    let connection = try connect()
    // Refuses a schema that is not exactly what its migrations create (`unexpectedSchema`).
    try migrator.verifySchema(connection)
    if let first = try migrator.pendingMigrations(in: connection).first {
      throw DatabaseOpener.needsMigration(first)
    }
    return try PostgresUserDirectory(connection: connection).users()
  }

  func inspect() throws -> Inspection {
    let report = try PostgresInspector(migrator: migrator).inspect(try connect())
    return Inspection(
      schema: report, engineFacts: ServerFacts(report),
      problem: report.isHealthy
        ? nil
        : .incompatibleDatabase(
          "The schema check failed: " + report.schemaCheck.prefix(3).joined(separator: "; "),
          kind: .unexpectedSchema))
  }

  private func connect() throws -> PostgresConnection {
    try PostgresConnection.connect(target)
  }

  /// The SQLite file tools, reached with a PostgreSQL URI: refused rather than answered
  /// from an in-memory database that has nothing to do with the server.
  private func sqliteOnly(hint: String) -> ErrorReport {
    ErrorReport(
      kind: .configuration,
      message: "This command works on SQLite files only, not on \(target.displayName)",
      hint: hint)
  }

  /// The SQLite report's keys wherever they mean the same, the schema check standing where
  /// SQLite's integrity check does, and the server's own facts.
  struct ServerFacts: JSONOutput, InspectedEngine {
    let engine = "postgresql"
    let target: String
    let serverVersion: String
    let database: String
    let schema: String
    let sizeBytes: Int64
    let integrityCheck: [String]
    let integrityOK: Bool
    let schemaDifferences: [String]
    let schemaOK: Bool
    /// `null` before the tables exist.
    let owner: String?
    let role: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case database, engine, integrityCheck = "integrity_check", integrityOK = "integrity_ok"
      case owner, role, schema, schemaDifferences = "schema_differences", schemaOK = "schema_ok"
      case serverVersion = "server_version", sizeBytes = "size_bytes", target
    }

    init(_ report: PostgresReport) {
      target = report.target
      serverVersion = report.serverVersion
      database = report.database
      schema = report.schema
      sizeBytes = report.sizeBytes
      integrityCheck = report.schemaCheck
      integrityOK = report.isHealthy
      schemaDifferences = report.isHealthy ? [] : report.schemaCheck
      schemaOK = report.isHealthy
      owner = report.owner
      role = report.connectedRole
    }

    var leadingFacts: [[String]] {
      [
        ["Server", target], ["PostgreSQL", serverVersion],
        ["Database", "\(database), schema \(schema)"], ["Owner", ownerText],
        ["Size", "\(sizeBytes) bytes"],
      ]
    }

    var notes: [String] { [] }

    /// The schema check, where SQLite's integrity check stands.
    var trailingFacts: [[String]] { InspectReportText.rows("Schema check", integrityCheck) }

    /// Who owns the tables, next to the role connected, so a schema another role made is
    /// seen.
    private var ownerText: String {
      guard let owner else { return "no tables yet (connected as \(role))" }
      return owner == role ? "\(owner) (the role connected)" : "\(owner) (connected as \(role))"
    }
  }
}
