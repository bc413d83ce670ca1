import AuthCore
import AuthDatabase
import AuthSQLStore

/// The store operations on one connection, inside the unit of work that made it.
///
/// Each operation is one statement (unnamed, so that a pooler in transaction mode may run it
/// on any server session). A context made for a single-statement read refuses a second
/// statement (the store reads `neededTransaction`), and the store answers by running the
/// work again inside a transaction.
final class PostgresStoreContext: SQLStoreContext {
  private let connection: PostgresConnection
  private var statementsLeft: Int?
  /// The database's key for names kept as keyed hashes, once read in this unit of work.
  private var nameKeyRead: [UInt8]?
  /// Whether the work asked this single-statement context for a second statement, so
  /// that what it read is incomplete and it must run again inside a transaction.
  private(set) var neededTransaction = false
  /// The serialization failure or deadlock an operation met, which rolls the transaction
  /// back and is answered by running the work again.
  private(set) var retryableFailure: PostgresError?

  init(connection: PostgresConnection, singleStatement: Bool) {
    self.connection = connection
    self.statementsLeft = singleStatement ? 1 : nil
  }

  /// A serialization failure or deadlock is kept in `retryableFailure` for the store.
  func storeError(_ error: PostgresError) -> StoreError {
    if error.isRetryable { retryableFailure = error }
    return StoreError(error)
  }

  static func isUniqueViolation(_ error: PostgresError) -> Bool {
    error.isUniqueViolation
  }

  /// The connection, for one more statement. A single-statement context asked for a second
  /// one records that it needs a transaction and stops the work with an error the store
  /// does not report: it runs the work again inside a transaction instead.
  func database() throws(PostgresError) -> PostgresConnection {
    if let left = statementsLeft {
      guard left > 0 else {
        neededTransaction = true
        throw .unexpectedValue(column: "a second statement of a single-statement read")
      }
      statementsLeft = left - 1
    }
    return connection
  }

  /// The key of `NameHash` (migration 0004's `secret_keys` row), read once per unit of
  /// work: it never changes, but a context does not outlive its transaction.
  func nameKey() throws(PostgresError) -> [UInt8] {
    if let nameKeyRead { return nameKeyRead }
    let key = try database().queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { row throws(PostgresError) in try row.decode([UInt8].self, "key") }
    guard let key, key.count == 32 else {
      throw .unexpectedValue(column: "secret_keys.key")
    }
    nameKeyRead = key
    return key
  }

  /// The form in which a name that may be a typed secret is stored: its keyed hash
  /// (`NameHash`, the same as SQLite's) under this database's key (`secret_keys`,
  /// migration 0004). PostgreSQL has no BLAKE2b, so the key is read and the hash made here.
  func storedName(_ name: String) throws(PostgresError) -> String {
    try keyedHash(of: name, by: NameHash.hex)
  }

  /// `name` hashed by `hash` under the database's key, which refuses a damaged key.
  func keyedHash(
    of name: String, by hash: (String, [UInt8]) -> String?
  ) throws(PostgresError) -> String {
    guard let hashed = hash(name, try nameKey()) else {
      throw .unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  @discardableResult
  func execute(_ query: PostgresQuery) throws(PostgresError) -> Int {
    try database().execute(query)
  }

  func query<T>(
    _ query: PostgresQuery, row: (PostgresRow) throws(PostgresError) -> T
  ) throws(PostgresError) -> [T] {
    try database().query(query, row: row)
  }

  func queryFirst<T>(
    _ query: PostgresQuery, row: (PostgresRow) throws(PostgresError) -> T
  ) throws(PostgresError) -> T? {
    try database().queryFirst(query, row: row)
  }

  static func unexpectedValue(in column: String) -> PostgresError {
    .unexpectedValue(column: column)
  }
}
