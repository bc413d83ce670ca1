import AuthDatabase

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

/// What every engine's opener asks of the location: whether its file exists, the default
/// location's folder, and the refusal of a schema still to migrate.
enum DatabaseOpener {
  /// The file path of an existing database; `databaseMissing` (66) when there is none.
  static func existingPath(_ location: DatabaseLocation) throws(CLIError) -> String? {
    guard case .file(let path, _) = location else { return nil }
    guard access(path, F_OK) == 0 else {
      throw .databaseMissing(path: path)
    }
    return path
  }

  /// Creates the default database's folder (0700) when missing. A folder that an
  /// option or `AUTHCLI_DB` named is never created: a typo there should fail (73),
  /// not grow a new tree.
  static func prepareFolder(of location: DatabaseLocation) throws {
    guard case .file(let path, isDefault: true) = location else { return }
    try PrivateDirectory.create(PathText.parent(of: path))
  }

  /// The refusal of a database with migrations still to apply, for tools that only read.
  static func needsMigration(_ first: Migration) -> CLIError {
    needsMigration(identifier: first.identifier)
  }

  /// The same refusal, for the migration named `identifier`.
  static func needsMigration(identifier: String) -> CLIError {
    .incompatibleDatabase(
      "The database needs migration \(identifier); run 'authcli migrate'",
      kind: .needsMigration)
  }
}
