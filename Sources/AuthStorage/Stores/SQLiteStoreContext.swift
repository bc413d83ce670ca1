import AuthCore

/// The store operations on one connection, valid inside the transaction that made it.
///
/// Each operation is one cached statement; the context itself holds no state.
struct SQLiteStoreContext: AuthStoreContext {
  /// The connection, already inside a transaction.
  let database: SQLiteDatabase

  /// Runs one of the port's operations: the single place where SQLite's errors and the
  /// adapter's become the port's (worded by `StoreError.sqlite`), so that the operations
  /// themselves throw whatever the connection throws and the unit of work sees only
  /// `AuthError.store`.
  @discardableResult
  func run<T>(_ operation: () throws -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch {
      throw AuthError(unitOfWork: error, engine: StoreError.sqlite)
    }
  }
}
