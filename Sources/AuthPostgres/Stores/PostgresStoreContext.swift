import AuthCore

/// The store operations on one connection, inside the unit of work that made it.
///
/// Each operation is one prepared statement. A context made for a single-statement read
/// refuses a second statement with `NeedsTransaction`, which the store answers by running
/// the work again inside a transaction.
final class PostgresStoreContext: AuthStoreContext {
  private let connection: PostgresConnection
  private var statementsLeft: Int?

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
}
