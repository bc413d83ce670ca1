#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the operator's verbs work through: the store, the clock that dates their changes
/// and events, and the rules that read the names they are given.
///
/// A verb finds the account it names under the lock of the transaction that changes it, so
/// a concurrent deletion is answered "no such account", never half done; a name the
/// username rules refuse is answered the same way, since no account can have it.
struct OperatorPorts: Sendable {
  let store: any AuthStore
  let clock: any WallClock
  let policy: AuthPolicy

  /// The account as the operator named it, or "no such account" for a name the rules refuse.
  func account(named typed: String) throws(AuthError) -> NamedAccount {
    guard let name = Username.validate(typed, rules: policy.username).asValidated else {
      throw .administration(.noSuchAccount(username: typed))
    }
    return NamedAccount(typed: typed, name: name)
  }

  /// Finds the named account in one write transaction and runs `work` on it, at one time.
  func write<T: Sendable>(
    named typed: String,
    _ work: (UserRecord, Date, any AuthStoreContext) throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    let account = try account(named: typed)
    let now = clock.now()
    return try await store.write { context throws(AuthError) in
      try work(try account.record(in: context), now, context)
    }
  }

  /// Finds the named account in one read transaction and reads from it.
  func read<T: Sendable>(
    named typed: String, _ work: (UserRecord, any AuthStoreContext) throws(AuthError) -> T
  ) async throws(AuthError) -> T {
    let account = try account(named: typed)
    return try await store.read { context throws(AuthError) in
      try work(try account.record(in: context), context)
    }
  }
}

/// A name an operator typed, read by the username rules.
struct NamedAccount: Sendable, Equatable {
  /// As typed, for the "no such account" answer.
  let typed: String
  /// The canonical name the account would have.
  let name: Username

  /// The account in this unit of work, or "no such account".
  func record(in context: any AuthStoreContext) throws(AuthError) -> UserRecord {
    guard let record = try context.userRecord(named: name) else {
      throw .administration(.noSuchAccount(username: typed))
    }
    return record
  }
}
