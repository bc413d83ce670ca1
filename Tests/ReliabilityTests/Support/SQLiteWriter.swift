import CSQLite

/// Runs SQL on a database file directly, to build damaged or foreign fixtures.
enum SQLiteWriter {
  /// Executes `sql` on the file at `path`.
  static func execute(_ sql: String, on path: String) throws {
    var handle: OpaquePointer?
    defer { sqlite3_close(handle) }
    guard sqlite3_open(path, &handle) == SQLITE_OK,
      sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK
    else {
      throw HarnessError(
        "fixture SQL failed: \(handle.map { String(cString: sqlite3_errmsg($0)) } ?? "")")
    }
  }
}
