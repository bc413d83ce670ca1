import AuthStorage
import Foundation
import Testing

@Suite("Bindings scoped to one use of a statement")
struct BorrowedBindingTests {
  @Test("bound text and bytes are stored whole, and cleared when the scope ends")
  func boundInPlaceThenCleared() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT, b BLOB)")
    let text = "in place, longer than a small string: Zoë ✓ \u{0} end"
    let bytes: [UInt8] = (0..<32).map { UInt8($0) }
    let sql = "INSERT INTO t VALUES (?1, ?2)"
    let hadRow = try database.withStatement(sql) { statement in
      try statement.withBound(text, at: 1) {
        try statement.withBound(bytes, at: 2) { try statement.step() }
      }
    }
    // The same cached statement, stepped with nothing bound: both parameters are NULL again.
    let hadRowUnbound = try database.withStatement(sql) { statement in try statement.step() }
    #expect(!hadRow && !hadRowUnbound)
    let rows = try database.query("SELECT s, b, s IS NULL AND b IS NULL FROM t ORDER BY rowid") {
      ($0.string(at: 0), $0.data(at: 1), $0.int64(at: 2))
    }
    #expect(rows.count == 2)
    #expect(rows.first?.0 == text && rows.first?.1 == bytes && rows.first?.2 == 0)
    #expect(rows.last?.2 == 1)
  }

  @Test("a list of values is bound in order, and cleared afterwards")
  func listBoundInPlace() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (i INTEGER, s TEXT, b BLOB, n TEXT)")
    let values: [SQLiteValue] = [.integer(7), .text("seven"), .blob([7, 7]), .null]
    try database.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?4)", values)
    try database.execute("INSERT INTO t VALUES (?1, ?2, ?3, ?4)")
    let rows = try database.query("SELECT i, s, b, n IS NULL, s IS NULL FROM t ORDER BY rowid") {
      ($0.int64(at: 0), $0.string(at: 1), $0.data(at: 2), $0.int64(at: 3), $0.int64(at: 4))
    }
    #expect(rows.count == 2)
    #expect(rows.first?.0 == 7 && rows.first?.1 == "seven" && rows.first?.2 == [7, 7])
    #expect(rows.first?.3 == 1 && rows.first?.4 == 0)
    #expect(rows.last?.4 == 1)
  }

  @Test("a bind that fails inside the scope leaves no binding behind")
  func failedBindClears() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT)")
    let sql = "INSERT INTO t VALUES (?1)"
    #expect(throws: SQLiteEngineError.self) {
      try database.withStatement(sql) { statement in
        try statement.withBound("kept only in scope", at: 1) {
          try statement.bind(Int64(1), at: 2)  // there is no parameter 2
        }
      }
    }
    _ = try database.withStatement(sql) { statement in try statement.step() }
    #expect(try database.scalarInt("SELECT count(*) FROM t WHERE s IS NULL") == 1)
  }
}
