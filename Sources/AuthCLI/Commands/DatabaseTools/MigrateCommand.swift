import AuthDatabase
import CommandLineKit

/// `authcli migrate`: applies pending migrations, creating the database when missing.
/// `authcli migrate status`: shows applied and pending migrations without writing.
@MainActor
struct MigrateCommand {
  let context: CommandContext

  func apply() throws {
    let location = try context.lastingDatabaseLocation()
    let outcome = try CompositionRoot.databaseTools(for: location).migrate()
    let (applied, version) = (outcome.applied, outcome.schemaVersion)
    let names = applied.map(\.identifier)
    try context.print(
      MigrationsApplied(
        newlyApplied: names, schemaVersion: version, applied: names,
        database: location.displayPath))
  }

  /// `migrate --adopt`: a copy restored from a dump, checked and given its schema version,
  /// then brought up to date like `migrate`.
  func adopt() throws {
    let location = try context.databaseLocation()
    if location.isMemory {
      throw context.usageError("Only a database file can be adopted, not ':memory:'")
    }
    let tools = CompositionRoot.databaseTools(for: location)
    // A file that opens as authcli's, with its schema version, is no dump: there is
    // nothing to adopt, and saying "Adopted" would claim a check that was not needed. (A
    // server's database is not a file; its tools refuse adoption, naming the step.)
    if case .file = location, (try? tools.migrationStatus()) != nil {
      let outcome = try tools.migrate()
      let applied = outcome.applied.map(\.identifier)
      try context.print(
        DumpAdopted(
          adopted: false, adoptedSchemaVersion: nil, newlyApplied: applied,
          schemaVersion: outcome.schemaVersion, applied: applied, database: location.displayPath))
      return
    }
    let outcome = try tools.adopt()
    let applied = outcome.applied.map(\.identifier)
    try context.print(
      DumpAdopted(
        adopted: true, adoptedSchemaVersion: outcome.adoptedVersion, newlyApplied: applied,
        schemaVersion: outcome.schemaVersion, applied: applied, database: location.displayPath))
  }

  func status() throws {
    let status = try context.databaseTools().migrationStatus()
    let applied = status.applied.map(AppliedMigrationRecord.init)
    let shown = MigrationStatusShown(
      schemaVersion: status.schemaVersion, newestKnownSchemaVersion: status.newestKnownVersion,
      appliedMigrations: applied, pendingMigrations: status.pending, applied: applied,
      pending: status.pending)
    try context.print(shown)
  }
}

extension MigrateCommand {
  static let adoptFlag = Flag(
    "adopt",
    help: "Make a copy restored with 'sqlite3 DB .dump | sqlite3 NEW' usable, after checking "
      + "that its schema is exactly what the recorded migrations create.")

  static let declaration: Subcommand = Subcommand(
    "migrate", abstract: "Apply pending migrations, show them, or adopt a restored dump.",
    discussion: """
      Creates the database when missing. 'sqlite3 DB .dump' does not carry the schema
      version, so a copy restored from a dump is refused until 'migrate --adopt' has
      checked every table, index and trigger against the recorded migrations.
      """,
    options: [adoptFlag],
    subcommands: [
      Subcommand("status", abstract: "Show applied and pending migrations; change nothing.") {
        context in
        try MigrateCommand(context: context).status()
      }
    ],
    action: { context in
      let command = MigrateCommand(context: context)
      try context.values[adoptFlag] ? command.adopt() : command.apply()
    })
}
