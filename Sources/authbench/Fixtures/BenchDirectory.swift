import Foundation

/// A folder for the run's temporary databases, removed at the end.
final class BenchDirectory {
  /// The folder's path.
  let path: String
  private var counter = 0

  /// Creates a new folder inside `parent` (or the system's temporary folder).
  init(parent: String?) throws {
    let base = parent ?? NSTemporaryDirectory()
    let url = URL(fileURLWithPath: base).appendingPathComponent(
      "authbench-\(ProcessInfo.processInfo.processIdentifier)-\(UInt32.random(in: 0...UInt32.max))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    path = url.path
  }

  /// A path for a new database file that does not exist yet.
  func newDatabasePath(_ name: String) -> String {
    counter += 1
    return "\(path)/\(counter)-\(name).sqlite3"
  }

  /// Deletes a database file with its WAL and shared-memory files.
  func remove(database path: String) {
    for suffix in ["", "-wal", "-shm", "-journal"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
  }

  /// Deletes the folder and everything in it.
  func removeAll() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
