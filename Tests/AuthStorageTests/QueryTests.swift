import AuthDatabase
import AuthPostgres
import AuthStorage
import Foundation
import Testing

@Suite("Queries built by interpolation, rows read by name")
struct QueryTests {
  @Test("each interpolated value is a parameter of its own, bound in order; text stays text")
  func valuesBecomeParameters() throws {
    let name = "x'); DROP TABLE t; --"
    let time = Date(timeIntervalSince1970: 1_700_000_000.123)
    let missing: String? = nil
    let query: SQLiteQuery =
      "INSERT INTO t VALUES (\(7), \(name), \([UInt8]([1, 2])), \(time), \(true), \(missing))"
    #expect(query.sql == "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
    #expect(
      query.binds == [
        .integer(7), .text(name), .bytes([1, 2]), .integer(1_700_000_000_123), .boolean(true),
        .null,
      ])
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (i INTEGER, s TEXT, b BLOB, at INTEGER, f, n)")
    try database.execute(query)
    let row = try database.queryFirst("SELECT i, s, b, at, f, n FROM t") {
      row throws(SQLiteError) in
      (
        try row.decode(Int64.self, "i"), try row.decode(String.self, "s"),
        try row.decode([UInt8].self, "b"), try row.decode(Date.self, "at"),
        try row.decode(Bool.self, "f"), try row.decode(String?.self, "n")
      )
    }
    #expect(row?.0 == 7 && row?.1 == name && row?.2 == [1, 2] && row?.4 == true && row?.5 == nil)
    #expect(row.map { StoredTime.milliseconds($0.3) } == 1_700_000_000_123)
  }

  @Test("a fragment brings its text and values along, in place; an identifier is quoted")
  func fragments() throws {
    let condition: SQLiteQuery = "WHERE i > \(1) AND s <> \("b")"
    let query: SQLiteQuery =
      "SELECT count(*) FROM \(identifier: "odd \"name\"") \(condition) AND i < \(9)"
    #expect(
      query.sql == "SELECT count(*) FROM \"odd \"\"name\"\"\" WHERE i > ? AND s <> ? AND i < ?")
    #expect(query.binds == [.integer(1), .text("b"), .integer(9)])
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript(
      "CREATE TABLE \"odd \"\"name\"\"\" (i INTEGER, s TEXT); "
        + "INSERT INTO \"odd \"\"name\"\"\" VALUES (2, 'a'), (3, 'b'), (10, 'a');")
    #expect(try database.scalarInt(query) == 1)
  }

  @Test("PostgreSQL numbers its parameters, on from a fragment's")
  func postgresNumbering() {
    let condition: PostgresQuery = "WHERE a = \(1) AND b = \("x")"
    let query: PostgresQuery = "SELECT \(true)::boolean FROM t \(condition) LIMIT \(5)"
    #expect(query.sql == "SELECT $1::boolean FROM t WHERE a = $2 AND b = $3 LIMIT $4")
    #expect(query.binds == [.boolean(true), .integer(1), .text("x"), .integer(5)])
    let plain: PostgresQuery = "SELECT 1"
    #expect(plain.sql == "SELECT 1" && plain.binds.isEmpty)
  }

  @Test("text is bound by its length, so an embedded NUL does not cut it short")
  func textWithNUL() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT)")
    try database.execute("INSERT INTO t VALUES (\("before\u{0}after"))")
    #expect(try database.scalarInt("SELECT length(CAST(s AS BLOB)) FROM t") == 12)
    #expect(try database.scalarString("SELECT s FROM t") == "before\u{0}after")
  }

  @Test("a missing column, and NULL where a value is required, are refused by name")
  func refusals() throws {
    let database = try SQLiteDatabase.openInMemory()
    let missing = #expect(throws: SQLiteError.self) {
      try database.queryFirst("SELECT 1 AS one") { row throws(SQLiteError) in
        try row.decode(Int64.self, "two")
      }
    }
    #expect(missing == .unexpectedValue(column: "two (not in the result)"))
    let null = #expect(throws: SQLiteError.self) {
      try database.queryFirst("SELECT NULL AS one") { row throws(SQLiteError) in
        try row.decode(String.self, "one")
      }
    }
    #expect(null == .unexpectedValue(column: "one"))
    let optional = try database.queryFirst("SELECT NULL AS one") { row throws(SQLiteError) in
      try row.decode(String?.self, "one")
    }
    #expect(optional == .some(nil))
  }

  @Test("a row tells NULL from zero, false, empty text and empty bytes")
  func nullAndEmptyValues() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript(
      "CREATE TABLE t (k INTEGER, i INTEGER, f INTEGER, s TEXT, b BLOB); "
        + "INSERT INTO t VALUES (1, 0, 0, '', x''), (2, NULL, NULL, NULL, NULL), "
        + "(3, 7, 1, 'seven', x'07');")
    let rows = try database.query("SELECT k, i, f, s, b FROM t ORDER BY k") {
      row throws(SQLiteError) in
      (
        try row.decode(Int64?.self, "i"), try row.decode(Bool?.self, "f"),
        try row.decode(String?.self, "s"), try row.decode([UInt8]?.self, "b")
      )
    }
    #expect(rows.count == 3)
    #expect(rows[0].0 == 0 && rows[0].1 == false && rows[0].2 == "" && rows[0].3 == [])
    #expect(rows[1].0 == nil && rows[1].1 == nil && rows[1].2 == nil && rows[1].3 == nil)
    #expect(rows[2].0 == 7 && rows[2].1 == true && rows[2].2 == "seven" && rows[2].3 == [7])
    // Required, the same values are read where set and refused where NULL, by name.
    let empty = try database.queryFirst("SELECT i, s, b FROM t WHERE k = 1") {
      row throws(SQLiteError) in
      (
        try row.decode(Int64.self, "i"), try row.decode(String.self, "s"),
        try row.decode([UInt8].self, "b")
      )
    }
    #expect(empty?.0 == 0 && empty?.1 == "" && empty?.2 == [])
    for column in ["i", "s", "b"] {
      let refusal = #expect(throws: SQLiteError.self) {
        try database.queryFirst("SELECT \(identifier: column) FROM t WHERE k = 2") {
          row throws(SQLiteError) in
          switch column {
          case "i": _ = try row.decode(Int64.self, column)
          case "s": _ = try row.decode(String.self, column)
          default: _ = try row.decode([UInt8].self, column)
          }
        }
      }
      #expect(refusal == .unexpectedValue(column: column))
    }
    #expect(try database.scalarInt("SELECT i FROM t WHERE k = 2") == 0)
    #expect(try database.scalarString("SELECT s FROM t WHERE k = 2") == nil)
    #expect(try database.scalarString("SELECT s FROM t WHERE k = 1") == "")
  }

  @Test(
    "a statement's rows are read right when its decoders ask for other columns, or in another order"
  )
  func columnsReadInAnotherOrder() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript(
      "CREATE TABLE t (a INTEGER, b TEXT, c INTEGER); "
        + "INSERT INTO t VALUES (1, NULL, 10), (2, 'two', 20), (3, NULL, 30);")
    let query: SQLiteQuery = "SELECT a, b, c FROM t ORDER BY a"
    // `b` is read only where it is set, as a lock's reason is, so later reads move.
    let rows = try database.query(query) { row throws(SQLiteError) in
      let a = try row.decode(Int64.self, "a")
      let b = a == 2 ? try row.decode(String.self, "b") : "-"
      return "\(a) \(b) \(try row.decode(Int64.self, "c"))"
    }
    #expect(rows == ["1 - 10", "2 two 20", "3 - 30"])
    // The same statement, cached, read by another decoder in the reverse order.
    let reversed = try database.query(query) { row throws(SQLiteError) in
      "\(try row.decode(Int64.self, "c")) \(try row.decode(String?.self, "b") ?? "-") "
        + "\(try row.decode(Int64.self, "a"))"
    }
    #expect(reversed == ["10 - 1", "20 two 2", "30 - 3"])
  }

  @Test("a statement is prepared once per connection and reused, each run with its own values")
  func statementCache() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT)")
    let before = database.preparedStatementCount
    for value in ["kept only once", nil] {
      try database.execute("INSERT INTO t VALUES (\(value))")
    }
    #expect(database.preparedStatementCount == before + 1)
    #expect(try database.scalarInt("SELECT count(*) FROM t WHERE s IS NULL") == 1)
  }

  @Test("values bound from the statement's own memory read back whole, whatever their length")
  func valuesOfChangingLength() throws {
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript("CREATE TABLE t (s TEXT, b BLOB)")
    // Longer, then shorter, then empty, then longer than any before: the memory kept for
    // each parameter grows between runs and is reused when it is large enough.
    let texts = [
      "short", String(repeating: "longer ", count: 20), "é\u{0}x", "",
      String(repeating: "z", count: 300),
    ]
    for text in texts {
      try database.execute("INSERT INTO t VALUES (\(text), \(Array(text.utf8.reversed())))")
    }
    let rows = try database.query("SELECT s, b FROM t ORDER BY rowid") {
      row throws(SQLiteError) in
      (try row.decode(String.self, "s"), try row.decode([UInt8].self, "b"))
    }
    #expect(rows.map(\.0) == texts)
    #expect(rows.map(\.1) == texts.map { Array($0.utf8.reversed()) })
  }

  @Test("a prepared query numbers its values, binds each run's own, and is prepared once")
  func preparedQuery() throws {
    let byNameAndAge = SQLitePreparedQuery {
      (name: SQLiteQuery.Parameter<String>, age: SQLiteQuery.Parameter<Int64>) -> SQLiteQuery in
      "SELECT count(*) AS n FROM t WHERE s = \(name) AND i >= \(age) OR s = \(name) || '!'"
    }
    #expect(
      byNameAndAge.sql == "SELECT count(*) AS n FROM t WHERE s = ?1 AND i >= ?2 OR s = ?1 || '!'")
    let database = try SQLiteDatabase.openInMemory()
    try database.executeScript(
      "CREATE TABLE t (s TEXT, i INTEGER); INSERT INTO t VALUES ('a', 1), ('a', 5), ('b!', 0);")
    let before = database.preparedStatementCount
    let counts = try [("a", Int64(2)), ("a", 0), ("b", 9)].map { name, age in
      try database.queryFirst(byNameAndAge, binding: name, age) { row throws(SQLiteError) in
        try row.decode(Int64.self, "n")
      }
    }
    #expect(counts == [1, 2, 1])
    #expect(database.preparedStatementCount == before + 1)
  }

  @Test("a prepared query whose text holds a value of its own is refused, not run")
  func preparedQueryWithFixedValue() throws {
    let database = try SQLiteDatabase.openInMemory()
    let fixed = SQLitePreparedQuery { (a: SQLiteQuery.Parameter<Int64>) -> SQLiteQuery in
      "SELECT \(a) + \(1) AS n"
    }
    let refusal = #expect(throws: SQLiteError.self) {
      try database.queryFirst(fixed, binding: 1) { row throws(SQLiteError) in
        try row.decode(Int64.self, "n")
      }
    }
    guard case .engine(let engine) = refusal else {
      Issue.record("expected the engine's misuse, got \(String(describing: refusal))")
      return
    }
    #expect(engine.primaryCode == 21 && engine.sql == "SELECT ?1 + ? AS n")
  }
}
