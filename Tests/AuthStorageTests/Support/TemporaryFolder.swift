import AuthStorage
import Foundation

/// A unique folder under the system's temporary directory, removed when released.
final class TemporaryFolder {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("authstorage-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of a file inside the folder.
  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  /// The path of a closed database file named `name`, migrated, then changed by `sql`. It is
  /// left in rollback-journal mode, so that its main file holds everything and a stray write
  /// or WAL switch would change it.
  func migratedDatabase(_ name: String, then sql: String = "") throws -> String {
    let path = path(name)
    let database = try SQLiteDatabase.open(path: path)
    defer { database.close() }
    try SQLiteMigrator().migrate(database)
    try database.executeScript("PRAGMA journal_mode = DELETE;" + sql)
    return path
  }
}

/// The bytes of a file, for proving it was not written.
func fileBytes(_ path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// The permission bits of a file.
func permissions(_ path: String) throws -> Int {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
