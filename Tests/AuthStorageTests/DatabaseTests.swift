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

  @Test("typed binds and columns round-trip every storage class")
  func typedValues() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n TEXT)")
    let bytes: [UInt8] = [0, 1, 2, 255]
    try database.withStatement("INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)") { statement in
      try statement.bind(Int64.min, at: 1)
      try statement.bind(2.5, at: 2)
      try statement.bind("Zoë ✓", at: 3)
      try statement.bind(bytes, at: 4)
      try statement.bindNull(at: 5)
      #expect(try statement.step() == false)
    }
    try database.execute(
      "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5)",
      [.integer(7), .real(-1), .text(""), .blob([]), .null])
    let rows = try database.query("SELECT i, r, s, b, n FROM t ORDER BY rowid") { row in
      (
        row.int64(at: 0), row.double(at: 1), row.string(at: 2), row.data(at: 3),
        row.optionalString(at: 4), row.isNull(at: 3)
      )
    }
    #expect(rows.count == 2)
    #expect(rows[0].0 == Int64.min && rows[0].1 == 2.5 && rows[0].2 == "Zoë ✓")
    #expect(rows[0].3 == bytes && rows[0].4 == nil)
    #expect(rows[1].3.isEmpty && rows[1].5 == false)
  }

  @Test("text is bound by its length, so an embedded NUL does not cut it short")
  func textWithNUL() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT)")
    try database.execute("INSERT INTO t VALUES (?1)", [.text("before\u{0}after")])
    #expect(try database.scalarInt("SELECT length(CAST(s AS BLOB)) FROM t") == 12)
    #expect(try database.scalarString("SELECT s FROM t") == "before\u{0}after")
  }

  @Test("a statement is prepared once per connection and reused, with its bindings cleared")
  func statementCache() throws {
    let database = try SQLiteDatabase.openInMemory()
    let sql = "SELECT ?1 IS NULL"
    let before = database.preparedStatementCount
    let first = try database.withStatement(sql) { statement in
      try statement.bind(Int64(1), at: 1)
      _ = try statement.step()
      return ObjectIdentifier(statement)
    }
    let (second, wasNull) = try database.withStatement(sql) { statement in
      _ = try statement.step()
      return (ObjectIdentifier(statement), statement.int64(at: 0))
    }
    #expect(first == second)
    #expect(wasNull == 1)
    #expect(database.preparedStatementCount == before + 1)
  }

  @Test("a failing statement names its SQL and codes but never the bound values")
  func errorsHideValues() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE secrets (value TEXT UNIQUE)")
    let secret = "hunter2-secret-value"
    try database.execute("INSERT INTO secrets VALUES (?1)", [.text(secret)])
    let error = #expect(throws: SQLiteEngineError.self) {
      try database.execute("INSERT INTO secrets VALUES (?1)", [.text(secret)])
    }
    #expect(error?.isUniqueViolation == true)
    #expect(error?.primaryCode == 19)
    #expect(error?.extendedCode == 2067)
    #expect(error?.sql == "INSERT INTO secrets VALUES (?1)")
    #expect(error.map { String(describing: $0) }?.contains(secret) == false)
    #expect(error.map { String(describing: $0) }?.contains("secrets.value") == true)
  }

  @Test("a throwing transaction body rolls back and rethrows its own error")
  func transactionRollback() throws {
    struct Abort: Error {}
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (x INTEGER)")
    #expect(throws: Abort.self) {
      try database.transaction(.immediate) {
        try database.execute("INSERT INTO t VALUES (1)")
        throw Abort()
      }
    }
    try database.transaction(.deferred) { try database.execute("INSERT INTO t VALUES (2)") }
    #expect(try database.query("SELECT x FROM t") { $0.int64(at: 0) } == [2])
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
    let error = #expect(throws: SQLiteEngineError.self) {
      try reader.execute("INSERT INTO t VALUES (1)")
    }
    #expect(error?.primaryCode == 8)  // SQLITE_READONLY
  }
}
