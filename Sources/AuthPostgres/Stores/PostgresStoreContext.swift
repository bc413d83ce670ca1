import AuthCore

/// The store operations on one connection, inside the unit of work that made it.
///
/// Each operation is one statement (unnamed, so that a pooler in transaction mode may run it on any server session). A context made for a single-statement read
/// refuses a second statement (`NeedsTransaction`, which the work sees as the port's error
/// and the store reads from `neededTransaction`), and the store answers by running the work
/// again inside a transaction.
final class PostgresStoreContext: AuthStoreContext {
  private let connection: PostgresConnection
  private var statementsLeft: Int?
  /// The database's key for names kept as keyed hashes, once read in this unit of work.
  private var nameKeyRead: [UInt8]?
  /// The error behind the latest failure an operation threw as the port's, which the store
  /// acts on: a second statement asked of a single-statement read (`NeedsTransaction`) or a
  /// serialization failure worth running the work again for.
  private(set) var engineFailure: (any Error)?

  init(connection: PostgresConnection, singleStatement: Bool) {
    self.connection = connection
    self.statementsLeft = singleStatement ? 1 : nil
  }

  /// Runs one of the port's operations: the single place where PostgreSQL's errors become
  /// the port's (worded by `StoreError.postgres`), so that the operations themselves throw
  /// whatever the connection throws and the unit of work sees only `AuthError.store`. The
  /// error itself is kept in `engineFailure` for the store.
  @discardableResult
  func run<T>(_ operation: () throws -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch let converted as AuthError {
      // Already the port's (an operation built on another): the engine's error behind it is
      // recorded.
      throw converted
    } catch {
      engineFailure = error
      throw AuthError(unitOfWork: error, engine: StoreError.postgres)
    }
  }

  /// Whether the work asked this single-statement context for a second statement, so
  /// that what it read is incomplete and it must run again inside a transaction.
  var neededTransaction: Bool { engineFailure is NeedsTransaction }

  /// The serialization failure or deadlock an operation met, which rolls the transaction
  /// back and is answered by running the work again.
  var retryableFailure: PostgresError? {
    guard let failure = engineFailure as? PostgresError, failure.isRetryable else { return nil }
    return failure
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
