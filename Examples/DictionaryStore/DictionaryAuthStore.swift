// Your own store: every requirement of `AuthStore` and `AuthStoreContext` over Swift
// dictionaries in memory, guarded by one mutex. It keeps the store contract that the SQLite
// and PostgreSQL adapters keep (its tests, in Tests/ beside it, run `AuthStoreConformance`
// on it) and passes the use-case suites under `AUTHCLI_TEST_STORE=dictionary`;
// docs/library.md walks through it. Nothing survives the process: it shows the contract,
// not a way to keep data.
import AuthCore
import AuthDatabase
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An `AuthStore` over dictionaries in memory.
///
/// A unit of work runs under the mutex on a copy of the tables; `write` keeps the copy when
/// the work returns, and dropping it when the work throws is the rollback. `read` and
/// `lookUp` never keep it. One lock for everything makes every unit of work serial, which
/// gives `read` its one snapshot and `write` its immediate (locking) transaction.
public final class DictionaryAuthStore: AuthStore {
  private let tables = Mutex(Tables())
  /// The key of the keyed hash under which names that may be typed secrets are kept (the
  /// throttle's names, the name of a failed sign-in that matched no account), as the
  /// contract asks; random for each store.
  private let nameKey: [UInt8]
  /// Held in this process: no other process can reach the dictionary.
  public let checkTurns: any CheckTurns = InProcessCheckTurns()

  /// An empty store.
  public init() {
    var generator = SystemRandomNumberGenerator()
    nameKey = (0..<NameHash.keyLength).map { _ in
      UInt8.random(in: .min ... .max, using: &generator)
    }
  }

  /// Runs read-only work on a snapshot.
  public func read<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try run(work, keepingChanges: false)
  }

  /// Runs work that writes; its changes are kept only when it returns.
  public func write<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T
  ) async throws(AuthError) -> T {
    try run(work, keepingChanges: true)
  }

  // `lookUp` is left to the port's default, which runs the work as a `read`.

  /// How many entries each table holds, for tests that check what a deletion took with it.
  public var counts: Counts {
    tables.withLock { tables in
      Counts(
        users: tables.users.count, sessions: tables.sessions.count, events: tables.events.count,
        throttleStates: tables.throttle.count, deviceCookies: tables.deviceCookies.count,
        secondFactors: tables.secondFactors.count,
        recoveryCodes: tables.recoveryCodes.values.reduce(0) { $0 + $1.count },
        groups: tables.groupMembers.count,
        groupMemberships: tables.groupMembers.values.reduce(0) { $0 + $1.count })
    }
  }

  /// How many entries each table holds.
  public struct Counts: Hashable, Sendable {
    /// Accounts.
    public let users: Int
    /// Sessions.
    public let sessions: Int
    /// Audit events.
    public let events: Int
    /// Sign-in throttle states.
    public let throttleStates: Int
    /// Device cookies.
    public let deviceCookies: Int
    /// Second factors.
    public let secondFactors: Int
    /// Unused recovery codes.
    public let recoveryCodes: Int
    /// Groups with members.
    public let groups: Int
    /// Accounts in groups, once per group.
    public let groupMemberships: Int
  }

  private func run<T: Sendable, E: Error>(
    _ work: (any AuthStoreContext) throws(E) -> T, keepingChanges: Bool
  ) throws(AuthError) -> T {
    do {
      return try tables.withLock { tables in
        let context = DictionaryStoreContext(tables: tables, nameKey: nameKey)
        let result = try work(context)
        if keepingChanges { tables = context.tables }
        return result
      }
    } catch {
      // The context throws `AuthError` already; anything else the work threw is its own
      // (passed through as the port asks) or a bug (named so).
      throw AuthError(unitOfWork: error)
    }
  }
}

/// Everything the store holds: what a database's tables would.
struct Tables: Sendable {
  var users: [UserID: UserRecord] = [:]
  var userIDsByName: [String: UserID] = [:]
  var sessions: [SessionID: StoredSession] = [:]
  var sessionIDsByTokenHash: [TokenHash: SessionID] = [:]
  /// In the order appended, which is the order of their ids.
  var events: [AuthEvent] = []
  /// By the keyed hash of the canonical name.
  var throttle: [String: ThrottleState] = [:]
  var deviceCookies: [TokenHash: DeviceCookie] = [:]
  var secondFactors: [UserID: StoredSecondFactor] = [:]
  var recoveryCodes: [UserID: Set<RecoveryCodeHash>] = [:]
  /// The last id given out in each table: ids are never reused, as a database's are not.
  var lastUserID: Int64 = 0
  var lastSessionID: Int64 = 0
  var lastEventID: Int64 = 0
  /// The sign-in work an operator or an import raised the store to; `nil`: the default.
  var raisedSignInWork: Int? = nil
  /// Each group's members; a group with none is no key.
  var groupMembers: [GroupName: Set<UserID>] = [:]
}

/// A session with the hash of its token, which the port hands out only to be compared.
struct StoredSession: Sendable {
  var session: Session
  let tokenHash: TokenHash
}
