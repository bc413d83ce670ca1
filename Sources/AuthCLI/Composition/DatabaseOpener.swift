import AuthDatabase
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

  /// A read-only connection to an existing file (never created, never written),
  /// or a fresh migrated in-memory database for `:memory:`.
  static func openForReading(_ location: DatabaseLocation) throws -> Database {
    guard let path = try existingPath(location) else {
      try refuseServer(location)
      let database = try Database.openInMemory()
      try Migrator().migrate(database)
      return database
    }
    return try openChecked(path, mode: .readOnly)
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
    try refuseServer(location)
    guard case .file(let path, _) = location else { return try Database.openInMemory() }
    if create {
      try prepareFolder(of: location)
    } else {
      _ = try existingPath(location)
    }
    return try openChecked(path, mode: create ? .readWriteCreate : .readWrite)
  }

  /// Opens a file refusing a newer schema, then refuses a schema that is not exactly what
  /// its recorded migrations create.
  private static func openChecked(_ path: String, mode: OpenMode) throws -> Database {
    let database = try Database.open(
      path: path,
      options: OpenOptions(mode: mode, newestKnownSchemaVersion: Migrator().newestVersion))
    try Migrator().verifySchema(of: database)
    return database
  }

  /// A server reached the SQLite opener: the composition root chose the wrong tools.
  private static func refuseServer(_ location: DatabaseLocation) throws {
    if case .postgres = location {
      throw CLIError.internalFailure("A PostgreSQL database reached the SQLite opener")
    }
  }

  /// The refusal of a database with migrations still to apply, for tools that only read.
  static func needsMigration(_ first: Migration) -> CLIError {
    .incompatibleDatabase(
      "The database needs migration \(first.identifier); run 'authcli migrate'",
      kind: .needsMigration)
  }
}
