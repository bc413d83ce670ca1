import AuthStorage
import Foundation
import Testing

@Suite("Database wrapper")
struct DatabaseTests {
  @Test("every connection gets the safety pragmas; files also WAL and synchronous NORMAL")
  func pragmas() throws {
    let folder = try TemporaryFolder()
    let memory = try SQLiteDatabase.openInMemory(busyTimeoutMilliseconds: 1234)
    let file = try SQLiteDatabase.open(path: folder.path("p.sqlite"))
    for database in [memory, file] {
      #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
      #expect(try database.scalarInt("PRAGMA trusted_schema") == 0)
      #expect(try database.scalarInt("PRAGMA secure_delete") == 1)
    }
    #expect(try memory.scalarInt("PRAGMA busy_timeout") == 1234)
    #expect(try file.scalarInt("PRAGMA busy_timeout") == 5000)
    #expect(try memory.scalarString("PRAGMA journal_mode") == "memory")
    #expect(try file.scalarString("PRAGMA journal_mode") == "wal")
    #expect(try file.scalarInt("PRAGMA synchronous") == 1)
  }

  @Test("a failing statement names its SQL and codes but never the bound values")
  func errorsHideValues() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE secrets (value TEXT UNIQUE)")
    let secret = "hunter2-secret-value"
    try database.execute("INSERT INTO secrets VALUES (\(secret))")
    let thrown = #expect(throws: SQLiteError.self) {
      try database.execute("INSERT INTO secrets VALUES (\(secret))")
    }
    #expect(thrown?.isUniqueViolation == true)
    guard case .engine(let error) = thrown else {
      Issue.record("not SQLite's own error: \(String(describing: thrown))")
      return
    }
    #expect(error.primaryCode == 19)
    #expect(error.extendedCode == 2067)
    #expect(error.sql == "INSERT INTO secrets VALUES (?)")
    #expect(!String(describing: thrown).contains(secret))
    #expect(String(describing: error).contains("secrets.value"))
  }

  @Test("a throwing transaction body rolls back and rethrows its own error")
  func transactionRollback() throws {
    let abort = SQLiteError.unexpectedValue(column: "t.x")
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (x INTEGER)")
    #expect(throws: abort) {
      try database.transaction(.immediate) { () throws(SQLiteError) in
        try database.execute("INSERT INTO t VALUES (1)")
        throw abort
      }
    }
    try database.transaction(.deferred) { () throws(SQLiteError) in
      try database.execute("INSERT INTO t VALUES (2)")
    }
    #expect(
      try database.query("SELECT x FROM t") { row throws(SQLiteError) in
        try row.decode(Int64.self, "x")
      } == [2])
  }

  @Test("a read-only connection refuses writes and never creates a file")
  func readOnly() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("ro.sqlite")
    #expect(throws: SQLiteError.notFound(path: path)) {
      _ = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    }
    #expect(throws: SQLiteError.notFound(path: path)) {
      _ = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readWrite))
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    try SQLiteDatabase.open(path: path).executeScript("CREATE TABLE t (x INTEGER)")
    let reader = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    #expect(reader.isReadOnly)
    let error = #expect(throws: SQLiteError.self) {
      try reader.execute("INSERT INTO t VALUES (1)")
    }
    guard case .engine(let refusal) = error else {
      Issue.record("not SQLite's own error: \(String(describing: error))")
      return
    }
    #expect(refusal.primaryCode == 8)  // SQLITE_READONLY
  }
}
