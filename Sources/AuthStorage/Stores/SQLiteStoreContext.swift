import AuthCore
import AuthDatabase
import AuthSQLStore

/// The store operations on one connection, valid inside the transaction that made it.
///
/// Each operation is one cached statement; the context itself holds no state.
struct SQLiteStoreContext: SQLStoreContext {
  /// The connection, already inside a transaction.
  let database: SQLiteDatabase

  /// Runs one of the port's operations: the single place where the adapter's errors become
  /// the port's (worded by `StoreError(_:)`), so that the operations themselves throw
  /// whatever the connection throws and the unit of work sees only `AuthError.store`.
  @discardableResult
  func run<T>(_ operation: () throws(SQLiteError) -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch {
      throw .store(StoreError(error))
    }
  }

  /// Runs an operation that writes a username: the UNIQUE constraint decides whether it is
  /// taken, so a racing write of the same name lands here too.
  @discardableResult
  func runNamingUser<T>(_ operation: () throws(SQLiteError) -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch  where error.isUniqueViolation {
      throw .store(.usernameTaken)
    } catch {
      throw .store(StoreError(error))
    }
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

  static let countAll: SQLiteQuery = "count(*)"
}
