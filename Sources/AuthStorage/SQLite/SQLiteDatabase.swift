import CSQLite

/// One SQLite connection with its cache of prepared statements.
///
/// Not thread-safe by itself (it is opened without SQLite's own mutexes):
/// whoever shares it between threads guards it, as `SQLiteAuthStore` does with a mutex.
/// Open it with `SQLiteDatabase.open(path:options:)`; it closes when released or on `close()`.
public final class SQLiteDatabase {
  /// The path given at open, or `:memory:`.
  public let path: String
  /// Whether this connection refuses writes.
  public let isReadOnly: Bool
  /// How many statements this connection has compiled; cache hits do not count.
  public private(set) var preparedStatementCount = 0

  /// SQLite's functions, read once when the connection was opened; its statements copy them.
  let sqlite: LibSQLite
  private var handle: OpaquePointer?
  private var statementCache: [String: SQLiteStatement] = [:]
  // The statement used last, checked before the dictionary: a command or a loop of checks
  // runs one statement again and again, and comparing its text is one memcmp, where the
  // dictionary hashes the whole SQL text (figure 1 of docs/performance.md: 535,000 →
  // 620,000 checks/s in memory, measured when the text came from one literal and compared
  // equal at once; a query's text is now built from its interpolation at each run).
  private var lastStatement: SQLiteStatement?

  init(path: String, handle: OpaquePointer, sqlite: LibSQLite, isReadOnly: Bool) {
    self.path = path
    self.handle = handle
    self.sqlite = sqlite
    self.isReadOnly = isReadOnly
  }

  deinit { close() }

  /// Whether this is an in-memory database, which vanishes on close.
  public var isInMemory: Bool { path == SQLiteDatabase.inMemoryPath }

  /// The version of the SQLite library this connection runs on.
  public var libraryVersion: String { sqlite.version }

  /// The path that opens a private in-memory database.
  public static let inMemoryPath = ":memory:"

  /// Finalises every cached statement and closes the connection; later use throws.
  public func close() {
    for statement in statementCache.values { _ = sqlite.finalize(statement.handle) }
    statementCache.removeAll()
    lastStatement = nil
    if let handle { _ = sqlite.closeV2(handle) }
    handle = nil
  }

  /// The rows changed by the most recent INSERT, UPDATE or DELETE.
  public var changes: Int {
    guard let handle else { return 0 }
    return Int(sqlite.changes64(handle))
  }

  /// The row id of the most recent successful INSERT.
  public var lastInsertRowID: Int64 {
    guard let handle else { return 0 }
    return sqlite.lastInsertRowID(handle)
  }

  /// Runs `body` with the cached statement for `sql`, preparing it on first use,
  /// and resets it and clears its bindings afterwards, whether `body` throws or not.
  func withStatement<T>(
    _ sql: String, _ body: (SQLiteStatement) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T {
    let statement = try cachedStatement(sql)
    defer { statement.reset() }
    return try body(statement)
  }

  /// Runs BEGIN or COMMIT through the statement cache.
  func run(_ step: TransactionStep) throws(SQLiteError) {
    try withStatement(step.sql) { statement throws(SQLiteError) in while try statement.step() {} }
  }

  /// Runs one or more statements without parameters or results (schema changes, pragmas).
  public func executeScript(_ sql: String) throws(SQLiteError) {
    let handle = try openHandle(sql: sql)
    var errorMessage: UnsafeMutablePointer<CChar>?
    let code = sqlite.exec(handle, sql, nil, nil, &errorMessage)
    defer { sqlite.free(errorMessage) }
    guard code == SQLITE_OK else {
      let message =
        errorMessage.map { String(cString: $0) } ?? sqlite.name(ofCode: code)
      throw .engine(
        SQLiteEngineError(
          extendedCode: sqlite.extendedErrcode(handle), message: message, sql: sql))
    }
  }

  func cachedStatement(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    if let lastStatement, lastStatement.sql == sql { return lastStatement }
    if let cached = statementCache[sql] {
      lastStatement = cached
      return cached
    }
    let handle = try openHandle(sql: sql)
    var statementHandle: OpaquePointer?
    let code = sqlite.prepareV3(
      handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statementHandle, nil)
    guard code == SQLITE_OK, let statementHandle else {
      throw .engine(SQLiteEngineError.current(on: handle, sqlite: sqlite, sql: sql))
    }
    let statement = SQLiteStatement(
      sql: sql, handle: statementHandle, connection: handle, sqlite: sqlite)
    statementCache[sql] = statement
    preparedStatementCount += 1
    return statement
  }

  private func openHandle(sql: String?) throws(SQLiteError) -> OpaquePointer {
    guard let handle else {
      throw .engine(
        SQLiteEngineError(extendedCode: SQLITE_MISUSE, message: "connection is closed", sql: sql))
    }
    return handle
  }
}
