/// The persistence port: runs a unit of work in one transaction.
///
/// The work is synchronous and sees one consistent database; `write` begins an
/// immediate (locking) transaction, commits when the work returns and rolls
/// back when it throws. Adapters (SQLite today, another engine later) implement
/// this and `AuthStoreContext`; nothing above `AuthCore` knows which one runs.
public protocol AuthStore: Sendable {
  /// Runs read-only work in one transaction and returns its result.
  func read<T: Sendable>(_ work: (any AuthStoreContext) throws -> T) async throws -> T
  /// Runs work that writes, in one immediate transaction, and returns its result.
  func write<T: Sendable>(_ work: (any AuthStoreContext) throws -> T) async throws -> T
}

/// Everything a use case can do inside one transaction.
public protocol AuthStoreContext: UserStore, SessionStore, AuditLog, ThrottleStore,
  DeviceCookieStore
{}
