import AuthCore
import AuthDatabase

/// An engine's store context as the operations written once see it: its statements, the
/// one place its errors become the port's, and the few words its SQL dialect spells apart.
///
/// Each engine's context (`SQLiteStoreContext`, `PostgresStoreContext`) supplies these and
/// the operations whose SQL or whose error handling really differ; every operation whose
/// statement is the same text on both is written once in an extension of this protocol and
/// serves both contexts' conformance to `AuthStoreContext`.
public protocol SQLStoreContext: AuthStoreContext {
  /// The engine's error.
  associatedtype Failure: Error
  /// The engine's query.
  associatedtype Query: DatabaseQuery
  /// The engine's row.
  associatedtype Row: DatabaseRow where Row.Failure == Failure

  /// Runs one statement with its values and returns how many rows it changed.
  @discardableResult
  func execute(_ query: Query) throws(Failure) -> Int
  /// Runs a query and maps each row with `row`.
  func query<T>(_ query: Query, row: (Row) throws(Failure) -> T) throws(Failure) -> [T]
  /// Runs a query and maps its first row, or returns `nil` when there is none.
  func queryFirst<T>(_ query: Query, row: (Row) throws(Failure) -> T) throws(Failure) -> T?

  /// The port's error for one of the engine's, worded by `StoreError(_:)`; a context that
  /// answers some failures by running the work again (PostgreSQL's serialization failure)
  /// notes them here.
  func storeError(_ error: Failure) -> StoreError
  /// Whether the failure is a UNIQUE constraint's.
  static func isUniqueViolation(_ error: Failure) -> Bool

  /// The form in which a name that may be a typed secret is stored: its keyed hash
  /// (`NameHash`) under this database's key.
  func storedName(_ name: String) throws(Failure) -> String

  /// The condition that `name` is one of the names of `list`, text of names joined by
  /// commas: the one part of the audit log's reads that each engine spells its own way.
  static func isListed(_ name: Query, in list: Query) -> Query

  /// The error for a value the schema promises and the statement did not return.
  static func unexpectedValue(in column: String) -> Failure
}

// Public and inlinable, so that each engine's session check runs its operation specialised,
// with direct calls (figure 1 of docs/performance.md): marked `package`, the same bodies
// were run unspecialised, through the protocol's witnesses, about 6,800 instructions more a
// check.
extension SQLStoreContext {
  /// Runs one of the port's operations: the single place where the engine's errors become
  /// the port's, so that the operations themselves throw whatever the connection throws and
  /// the unit of work sees only `AuthError.store`.
  @inlinable @discardableResult
  public func run<T>(_ operation: () throws(Failure) -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch {
      throw .store(storeError(error))
    }
  }

  /// Runs an operation that writes a username: the UNIQUE constraint decides whether it is
  /// taken, so a racing write of the same name lands here too.
  @inlinable @discardableResult
  public func runNamingUser<T>(_ operation: () throws(Failure) -> T) throws(AuthError) -> T {
    do {
      return try operation()
    } catch {
      throw .store(Self.isUniqueViolation(error) ? .usernameTaken : storeError(error))
    }
  }
}
