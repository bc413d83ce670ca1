extension SQLiteDatabase {
  /// Runs one statement with its parameters and returns how many rows it changed.
  @discardableResult
  public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int {
    try withStatement(sql) { statement in
      try statement.withBound(bindings) {
        while try statement.step() {}
        return changes
      }
    }
  }

  /// Runs a query and maps each row with `row`.
  public func query<T>(
    _ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws -> T
  ) throws -> [T] {
    try withStatement(sql) { statement in
      try statement.withBound(bindings) {
        var rows: [T] = []
        while try statement.step() { rows.append(try row(statement)) }
        return rows
      }
    }
  }

  /// Runs a query and maps its first row, or returns `nil` when there is none.
  public func queryFirst<T>(
    _ sql: String, _ bindings: [SQLiteValue] = [], row: (SQLiteStatement) throws -> T
  ) throws -> T? {
    try withStatement(sql) { statement in
      try statement.withBound(bindings) { try statement.step() ? row(statement) : nil }
    }
  }

  /// The integer in the first column of the first row (for counts and pragmas); 0 when no row.
  public func scalarInt(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> Int64 {
    try queryFirst(sql, bindings) { $0.int64(at: 0) } ?? 0
  }

  /// The text in the first column of the first row, or `nil` when no row.
  public func scalarString(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> String? {
    try queryFirst(sql, bindings) { $0.string(at: 0) }
  }

  /// The schema version kept in the file header (`PRAGMA user_version`).
  public func userVersion() throws -> Int {
    Int(try scalarInt("PRAGMA user_version"))
  }

  /// Whether a table of this name exists in the main schema.
  public func tableExists(_ name: String) throws -> Bool {
    try scalarInt(
      "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?1", [.text(name)])
      > 0
  }
}
