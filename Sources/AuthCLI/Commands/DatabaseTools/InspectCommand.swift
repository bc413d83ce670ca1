import AuthStorage
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
        "The integrity check failed: " + report.integrityCheck.prefix(3).joined(separator: "; "))
    }
  }
}
