import AuthPostgres
import AuthStorage
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli inspect`: everything the storage inspector reports, never creating or writing.
@MainActor
struct InspectCommand {
  let context: CommandContext

  func run() throws {
    let location = try context.databaseLocation()
    if case .postgres(let target) = location { return try inspect(target) }
    let report: DatabaseReport
    if let path = try DatabaseOpener.existingPath(location) {
      report = try DatabaseInspector().inspect(path: path)
    } else {
      report = try DatabaseInspector().inspect(DatabaseOpener.openForReading(location))
    }
    context.emit(json: InspectReportJSON.object(report))
    context.show(InspectReportText.render(report, style: context.outputStyle))
    if !report.isHealthy {
      throw CLIError.incompatibleDatabase(
        "The integrity check failed: " + report.integrityCheck.prefix(3).joined(separator: "; "),
        kind: .corruptDatabase)
    }
    if let differences = report.schemaDifferences, !differences.isEmpty {
      throw CLIError.incompatibleDatabase(
        "The schema holds what its migrations do not create: "
          + differences.joined(separator: ", "), kind: .unexpectedSchema)
    }
  }

  /// The same report for a PostgreSQL database; nothing is created or written.
  private func inspect(_ target: PostgresTarget) throws {
    let connection = try PostgresConnection.connect(
      target.connectionString, target: target.displayName)
    let report = try PostgresInspector().inspect(connection)
    context.emit(json: InspectReportJSON.object(report))
    context.show(InspectReportText.render(report, style: context.outputStyle))
    if !report.isHealthy {
      throw CLIError.incompatibleDatabase(
        "The schema check failed: " + report.schemaCheck.prefix(3).joined(separator: "; "),
        kind: .unexpectedSchema)
    }
  }
}

extension InspectCommand {
  static let declaration: Subcommand = Subcommand(
    "inspect", abstract: "Report on the database: schema, tables, sessions, integrity.",
    discussion: """
      Reads the database without changing it; exits 66 when the file does not exist and
      65 when the integrity check fails.
      """
  ) { context in
    try InspectCommand(context: context).run()
  }
}
