/// The persistence port: runs a unit of work in one transaction.
///
/// The work is synchronous. What each entry point guarantees:
/// - `read`: every statement the work issues sees one consistent snapshot of the database
///   (one transaction), whatever other processes commit meanwhile.
/// - `lookUp`: for work that issues exactly one statement (a single lookup). That statement
///   sees one consistent snapshot, as any single statement does, with no explicit
///   transaction around it. Work that issued more than one statement here could see another
///   writer's commit between them; such work belongs in `read`.
/// - `write`: an immediate (locking) transaction that commits when the work returns and
///   rolls back when it throws.
///
/// A unit of work may run more than once: an adapter may start it again after the
/// engine refused a transaction (PostgreSQL retries serialization failures and deadlocks,
/// and may repeat a `read`'s or `lookUp`'s work inside a transaction), and only the last
/// run's writes are kept. The closure must therefore act only through the context it is
/// given, with no side effects outside the store (no file, output, token source or clock
/// read that must happen once; do those before or after the unit of work), and return a
/// result that depends only on what it read there.
///
/// Failures: the context's methods and each entry point throw `AuthError`, and the use
/// cases' work does too (`{ context throws(AuthError) in … }`), so a use case throws its own
/// refusal (`notSignedIn`) from inside the unit of work and a store failure travels through
/// the same work without a conversion. The work's error type is generic because Swift (6.3)
/// does not take a closure's thrown type from the parameter it is passed to: with the
/// parameter typed `throws(AuthError)`, every unit of work that calls the context with
/// `try` would have to say so, where now only those that throw a refusal of their own do.
/// Work written outside the use cases (a tool, a test) may throw its own. An `AuthError` the
/// work throws passes through unchanged; the store's own failures arrive as
/// `AuthError.store` (`busy` when the database stayed locked, `usernameTaken` from the
/// constraint, and the engine's other errors as a `StoreError.Failure`), converted by the adapter
/// where its context runs a statement and where it begins and commits
/// (`AuthError(unitOfWork:)` names any other error as a bug), so no
/// engine's error type reaches the layers above.
///
/// Adapters (SQLite and PostgreSQL) implement this and `AuthStoreContext`; nothing above
/// `AuthCore` knows which one runs.
public protocol AuthStore: Sendable {
  /// Runs read-only work in one transaction and returns its result.
  func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T
  /// Runs read-only work that issues one statement, and returns its result.
  func lookUp<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T
  /// Runs work that writes, in one immediate transaction, and returns its result.
  func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T
  /// The turns password checks take, shared with every process that uses this store (the
  /// same database), and with nothing else.
  var checkTurns: any CheckTurns { get }
}

extension AuthStore {
  /// Runs the lookup as a `read`: always correct; an adapter whose single statements
  /// already read one snapshot implements `lookUp` without the transaction.
  public func lookUp<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try await read(work)
  }
}

/// Everything a use case can do inside one transaction.
///
/// Its methods throw only `AuthError.store`: the adapter converts the engine's errors as
/// each method fails, so the unit of work sees the failures the use cases act on (`busy`,
/// `usernameTaken`) and every other one as a `StoreError.Failure`, never an engine's type. The
/// type is the use cases' rather than `StoreError` so that work which also throws a use
/// case's refusal needs no conversion around each call.
public protocol AuthStoreContext: UserStore, SessionStore, AuditLog, ThrottleStore,
  DeviceCookieStore, SecondFactorStore, SignInWorkStore, GroupStore
{}
