import CommandLineKit

/// `authcli backup`: a consistent copy of the database in a new file (0600), checked.
@MainActor
struct BackupCommand {
  let context: CommandContext
  let destination: String

  func run() throws {
    let location = try context.databaseLocation()
    guard !location.isMemory else {
      throw context.usageError(
        "A ':memory:' database lasts one process; there is nothing to back up")
    }
    let target =
      destination.hasPrefix("/")
      ? destination : context.process.currentDirectory + "/" + destination
    let report = try CompositionRoot.databaseTools(for: location).backup(to: target)
    try context.print(
      BackupMade(
        path: report.path, sizeBytes: report.sizeBytes, schemaVersion: report.schemaVersion,
        source: location.displayPath))
  }
}

extension BackupCommand {
  static let path = Argument<String>(
    "path", help: "The new file; an existing file is never overwritten.", completion: .files)

  static let declaration: Subcommand = Subcommand(
    "backup", abstract: "Write a consistent, checked copy of the database to a new file.",
    discussion: """
      Copies the database while other processes keep writing (VACUUM INTO, one
      consistent snapshot), into a new file of mode 0600, then runs the integrity check
      on the copy. Exits 73 when the path exists or cannot be created.
      """,
    arguments: [path]
  ) { context in
    try BackupCommand(context: context, destination: context.required(path)).run()
  }
}
