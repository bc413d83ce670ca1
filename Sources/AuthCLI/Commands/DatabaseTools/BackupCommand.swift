import AuthStorage
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli backup PATH`: a consistent copy of the database in a new file (0600), checked.
@MainActor
struct BackupCommand {
  let context: CommandContext
  let destination: String

  func run() throws {
    let location = try context.databaseLocation()
    // A server has its own tools for this (pg_dump).
    try DatabaseOpener.refusePostgres(location)
    guard let source = try DatabaseOpener.existingPath(location) else {
      throw CLIError.usage(
        UsageError(
          "A ':memory:' database lasts one process; there is nothing to back up",
          subcommand: .backup))
    }
    let target =
      destination.hasPrefix("/")
      ? destination : context.process.currentDirectory + "/" + destination
    let database = try Database.open(
      path: source,
      options: OpenOptions(mode: .readOnly, newestKnownSchemaVersion: Migrator().newestVersion))
    defer { database.close() }
    let report = try DatabaseBackup.write(from: database, to: target)
    context.emit(
      json: [
        "path": report.path, "size_bytes": report.sizeBytes,
        "schema_version": report.schemaVersion, "integrity_ok": true,
      ])
    context.show(
      "Backed up \(location.displayPath) to \(report.path) (\(report.sizeBytes) bytes, schema "
        + "version \(report.schemaVersion), integrity check ok).")
  }
}
