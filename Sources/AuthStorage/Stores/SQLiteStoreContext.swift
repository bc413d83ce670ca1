import AuthCore
import AuthDatabase
import AuthSQLStore

/// The store operations on one connection, valid inside the transaction that made it.
///
/// Each operation is one cached statement; the context itself holds no state.
struct SQLiteStoreContext: SQLStoreContext {
  /// The connection, already inside a transaction.
  let database: SQLiteDatabase

  func storeError(_ error: SQLiteError) -> StoreError {
    StoreError(error)
  }

  static func isUniqueViolation(_ error: SQLiteError) -> Bool {
    error.isUniqueViolation
  }

  /// The form in which a name that may be a typed secret is stored: its keyed hash
  /// (`NameHash`) under this database's key. A missing key, or one that is not 32 bytes
  /// (the CHECK that guards it can be switched off by whoever writes the file), is refused
  /// as a damaged database rather than used.
  func storedName(_ name: String) throws(SQLiteError) -> String {
    let key = try database.queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { row throws(SQLiteError) in try row.decode([UInt8].self, "key") }
    guard let key else { throw .unexpectedValue(column: "secret_keys.key") }
    guard key.count == NameHash.keyLength else {
      throw .corrupt(
        path: database.path,
        detail: "its name-hash key (secret_keys.key) is \(key.count) bytes, not"
          + " \(NameHash.keyLength)")
    }
    guard let hashed = NameHash.hex(of: name, key: key) else {
      throw .unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  @discardableResult
  func execute(_ query: SQLiteQuery) throws(SQLiteError) -> Int {
    try database.execute(query)
  }

  func query<T>(
    _ query: SQLiteQuery, row: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> [T] {
    try database.query(query, row: row)
  }

  func queryFirst<T>(
    _ query: SQLiteQuery, row: (SQLiteRow) throws(SQLiteError) -> T
  ) throws(SQLiteError) -> T? {
    try database.queryFirst(query, row: row)
  }

  static func unexpectedValue(in column: String) -> SQLiteError {
    .unexpectedValue(column: column)
  }
}
