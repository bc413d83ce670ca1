import AuthCore

/// The store operations on one connection, inside the unit of work that made it.
///
/// Each operation is one prepared statement. A context made for a single-statement read
/// refuses a second statement with `NeedsTransaction`, which the store answers by running
/// the work again inside a transaction.
final class PostgresStoreContext: AuthStoreContext {
  private let connection: PostgresConnection
  private var statementsLeft: Int?
  /// The database's key for names kept as keyed hashes, once read in this unit of work.
  private var nameKeyRead: [UInt8]?

  init(connection: PostgresConnection, singleStatement: Bool) {
    self.connection = connection
    self.statementsLeft = singleStatement ? 1 : nil
  }

  /// The connection, for one more statement.
  func database() throws -> PostgresConnection {
    if let left = statementsLeft {
      guard left > 0 else { throw NeedsTransaction() }
      statementsLeft = left - 1
    }
    return connection
  }

  /// The key of `NameHash` (migration 0004's `secret_keys` row), read once per unit of
  /// work: it never changes, but a context does not outlive its transaction.
  func nameKey() throws -> [UInt8] {
    if let nameKeyRead { return nameKeyRead }
    let key = try database().queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { row in Array(row.data(0)) }
    guard let key, key.count == 32 else {
      throw PostgresError.unexpectedValue(column: "secret_keys.key")
    }
    nameKeyRead = key
    return key
  }
}
