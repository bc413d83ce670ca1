import AuthDatabase
import AuthPostgres
import AuthStorage
import CommandLineKit

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

/// `authcli migrate`: applies pending migrations, creating the database when missing.
/// `authcli migrate status`: shows applied and pending migrations without writing.
@MainActor
struct MigrateCommand {
  let context: CommandContext

  func apply() throws {
    let location = try context.databaseLocation()
    let applied: [Migration]
    let version: Int
    if case .postgres(let target) = location {
      let connection = try DatabaseOpener.connect(target)
      applied = try PostgresMigrator().migrate(connection)
      version = try PostgresMigrator().currentVersion(of: connection)
    } else {
      let database = try DatabaseOpener.openForWriting(location, create: true)
      defer { database.close() }
      applied = try Migrator().migrate(database)
      version = try database.userVersion()
    }
    context.emit(json: ["applied": applied.map(\.identifier), "schema_version": version])
    if applied.isEmpty {
      context.show("Already up to date: schema version \(version) at \(location.displayPath).")
    } else {
      let names = applied.map(\.identifier).joined(separator: ", ")
      context.show("Applied \(names): schema version \(version) at \(location.displayPath).")
    }
  }

  /// `migrate --adopt`: a copy restored from a dump, checked and given its schema version,
  /// then brought up to date like `migrate`.
  func adopt() throws {
    let location = try context.databaseLocation()
    try DatabaseOpener.refusePostgres(location)
    guard let path = try DatabaseOpener.existingPath(location) else {
      throw context.usageError("Only a database file can be adopted, not ':memory:'")
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
      throw CLIError.inputOutput(path: path, reason: String(cString: strerror(errno)))
    }
    let database = try Database.open(path: path, options: OpenOptions(mode: .readWrite))
    defer { database.close() }
    let adopted = try SchemaAdoption().adopt(database)
    let applied = try Migrator().migrate(database)
    let version = try database.userVersion()
    context.emit(
      json: [
        "adopted_schema_version": adopted, "applied": applied.map(\.identifier),
        "schema_version": version,
      ])
    var text = "Adopted \(location.displayPath)"
    if !applied.isEmpty {
      text +=
        " at schema version \(adopted); applied "
        + applied.map(\.identifier).joined(separator: ", ")
    }
    context.show(text + ": schema version \(version).")
  }

  func status() throws {
    let location = try context.databaseLocation()
    let applied: [AppliedMigration]
    let pending: [String]
    let version: Int
    let newestVersion: Int
    if case .postgres(let target) = location {
      let connection = try DatabaseOpener.connect(target)
      let migrator = PostgresMigrator()
      applied = try migrator.appliedMigrations(in: connection)
      pending = try migrator.pendingMigrations(in: connection).map(\.identifier)
      version = try migrator.currentVersion(of: connection)
      newestVersion = migrator.newestVersion
    } else {
      let database = try DatabaseOpener.openForReading(location)
      defer { database.close() }
      let migrator = Migrator()
      applied = try migrator.appliedMigrations(in: database)
      pending = try migrator.pendingMigrations(in: database).map(\.identifier)
      version = try database.userVersion()
      newestVersion = migrator.newestVersion
    }
    context.emit(
      json: [
        "schema_version": version,
        "newest_known_schema_version": newestVersion,
        "applied": applied.map {
          ["identifier": $0.identifier, "applied_at": Timestamp.iso8601($0.appliedAt)]
        },
        "pending": pending,
      ] as [String: Any])
    let rows =
      applied.map { [$0.identifier, "applied", Timestamp.readable($0.appliedAt)] }
      + pending.map { [$0, "pending", ""] }
    context.show(
      "Schema version \(version) (this program knows up to \(newestVersion)).\n\n"
        + TextTable(headers: ["MIGRATION", "STATE", "APPLIED AT"], rows: rows)
        .render(style: context.outputStyle))
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
