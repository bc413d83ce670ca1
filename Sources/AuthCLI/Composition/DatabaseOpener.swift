import AuthPostgres
import AuthStorage

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

/// Opens the database a command names, creating it only for commands that may.
enum DatabaseOpener {
  /// The file path of an existing database; `databaseMissing` (66) when there is none.
  static func existingPath(_ location: DatabaseLocation) throws(CLIError) -> String? {
    guard case .file(let path, _) = location else { return nil }
    guard access(path, F_OK) == 0 else {
      throw .databaseMissing(path: path)
    }
    return path
  }

  /// A connection to a PostgreSQL database, for the database tools.
  static func connect(_ target: PostgresTarget) throws -> PostgresConnection {
    try PostgresConnection.connect(target.connectionString, target: target.displayName)
  }

  /// Refuses a PostgreSQL schema with migrations still to apply, or that is not exactly what
  /// its migrations create (`unexpectedSchema`, 65), for tools that only read.
  static func requireCurrentSchema(_ connection: PostgresConnection) throws {
    try PostgresMigrator().verifySchema(connection)
    if let first = try PostgresMigrator().pendingMigrations(in: connection).first {
      throw CLIError.incompatibleDatabase(
        "The database needs migration \(first.identifier); run 'authcli migrate'",
        kind: .needsMigration)
    }
  }

  /// SQLite tools reached with a PostgreSQL URI: refused rather than answered from an
  /// in-memory database that has nothing to do with the server.
  static func refusePostgres(_ location: DatabaseLocation) throws {
    if case .postgres(let target) = location {
      throw CLIError.configuration(
        "This command works on SQLite files only, not on \(target.displayName)")
    }
  }

  /// A read-only connection to an existing file (never created, never written),
  /// or a fresh migrated in-memory database for `:memory:`.
  static func openForReading(_ location: DatabaseLocation) throws -> Database {
    try refusePostgres(location)
    guard let path = try existingPath(location) else {
      let database = try Database.openInMemory()
      try Migrator().migrate(database)
      return database
    }
    let database = try Database.open(
      path: path,
      options: OpenOptions(mode: .readOnly, newestKnownSchemaVersion: Migrator().newestVersion))
    try Migrator().verifySchema(of: database)
    return database
  }

  /// Creates the default database's folder (0700) when missing. A folder that an
  /// option or `AUTHCLI_DB` named is never created: a typo there should fail (73),
  /// not grow a new tree.
  static func prepareFolder(of location: DatabaseLocation) throws {
    guard case .file(let path, isDefault: true) = location else { return }
    try PrivateDirectory.create(PathText.parent(of: path))
  }

  /// A read-write connection, creating the file (0600) when missing and allowed,
  /// and the default location's folder (0700).
  static func openForWriting(_ location: DatabaseLocation, create: Bool) throws -> Database {
    try refusePostgres(location)
    switch location {
    case .postgres:
      throw CLIError.internalFailure("A PostgreSQL database reached the SQLite opener")
    case .memory:
      return try Database.openInMemory()
    case .file(let path, _):
      if create {
        try prepareFolder(of: location)
      } else {
        _ = try existingPath(location)
      }
      let database = try Database.open(
        path: path,
        options: OpenOptions(
          mode: create ? .readWriteCreate : .readWrite,
          newestKnownSchemaVersion: Migrator().newestVersion))
      try Migrator().verifySchema(of: database)
      return database
    }
  }

  /// Refuses a database with migrations still to apply, for tools that only read.
  static func requireCurrentSchema(_ database: Database) throws {
    let pending = try Migrator().pendingMigrations(in: database)
    if let first = pending.first {
      throw CLIError.incompatibleDatabase(
        "The database needs migration \(first.identifier); run 'authcli migrate'",
        kind: .needsMigration)
    }
  }
}
