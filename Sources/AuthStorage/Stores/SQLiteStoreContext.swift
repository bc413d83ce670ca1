import AuthCore

/// The store operations on one connection, valid inside the transaction that made it.
///
/// Each operation is one cached statement; the context itself holds no state.
struct SQLiteStoreContext: AuthStoreContext {
  /// The connection, already inside a transaction.
  let database: Database
}
