import AuthDatabase
import CSQLite

extension SQLiteDatabase {
  /// Runs one statement with its values and returns how many rows it changed.
  @discardableResult
  public func execute(_ query: SQLiteQuery) throws(SQLiteError) -> Int {
    try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(query.binds)
      while try statement.step() {}
      return changes
    }
  }

  /// Runs a query and maps each row with `row`.
  public func query<T>(
    _ query: SQLiteQuery, row: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> [T] {
    try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(query.binds)
      var rows: [T] = []
      while try statement.step() { rows.append(try row(SQLiteRow(statement: statement))) }
      return rows
    }
  }

  /// Runs a query and maps its first row, or returns `nil` when there is none.
  public func queryFirst<T>(
    _ query: SQLiteQuery, row: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T? {
    try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(query.binds)
      return try statement.step() ? row(SQLiteRow(statement: statement)) : nil
    }
  }

  /// Runs a prepared query with `values` and maps its first row, or returns `nil` when
  /// there is none.
  public func queryFirst<each Value: DatabaseValueConvertible, T>(
    _ query: SQLitePreparedQuery<repeat each Value>, binding values: repeat each Value,
    row: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T? {
    guard !query.hasFixedValues else {
      throw .engine(
        SQLiteEngineError(
          extendedCode: SQLITE_MISUSE,
          message: "a prepared query takes its values at each run, not in its text",
          sql: query.sql))
    }
    return try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(repeat each values)
      return try statement.step() ? row(SQLiteRow(statement: statement)) : nil
    }
  }

  /// The integer in the only column of the first row (a count, a pragma); 0 when there is
  /// no row or it is NULL.
  public func scalarInt(_ query: SQLiteQuery) throws(SQLiteError) -> Int64 {
    try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(query.binds)
      return try statement.step() ? statement.integer(at: 0) ?? 0 : 0
    }
  }

  /// The text in the only column of the first row, or `nil` when there is no row or it is
  /// NULL.
  public func scalarString(_ query: SQLiteQuery) throws(SQLiteError) -> String? {
    try withStatement(query.sql) { statement throws(SQLiteError) in
      try statement.bind(query.binds)
      return try statement.step() ? statement.text(at: 0) : nil
    }
  }

  /// The schema version kept in the file header (`PRAGMA user_version`).
  public func userVersion() throws(SQLiteError) -> Int {
    Int(try scalarInt("PRAGMA user_version"))
  }

  /// Whether a table of this name exists in the main schema.
  public func tableExists(_ name: String) throws(SQLiteError) -> Bool {
    try scalarInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = \(name)") > 0
  }
}

// The migrators read their record tables through this, on either engine.
extension SQLiteDatabase: DatabaseConnection {}
