import AuthCore

/// The store operations on one connection, valid inside the transaction that made it.
///
/// Each operation is one cached statement; the context itself holds no state.
struct SQLiteStoreContext: AuthStoreContext {
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
}
