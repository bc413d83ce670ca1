// The store contract as a library: every requirement the use cases rely on a store for, each
// a named check that a test target runs against its own store.
import AuthCore
import Testing

/// The store contract: what every `AuthStore` must do for the use cases, as checks.
///
/// A test target holds its store to the whole contract with one parameterised test; each
/// requirement is a test case of its own, named in the test's output, and a failed
/// expectation is recorded against it:
///
/// ```swift
/// @Test("my store keeps the store contract", arguments: StoreContract.requirements)
/// func contract(_ requirement: StoreRequirement) async throws {
///   try await requirement.check(on: MyAuthStore())
/// }
/// ```
public enum StoreContract {
  /// Every requirement, grouped by port.
  public static let requirements: [StoreRequirement] =
    userStore + sessionStore + administration + auditAndThrottle + secondFactors
    + signInWork + deviceCookies + groups + races
}

/// One requirement of the store contract: a name and the check that proves it.
public struct StoreRequirement: Sendable, CustomStringConvertible, CustomTestStringConvertible {
  /// The port whose requirements this checks (`"UserStore"`, `"DeviceCookieStore"`, …), so
  /// that a store which leaves a port to its defaults can leave its checks out.
  public let port: String
  /// What the requirement asks.
  public let name: String
  private let body: @Sendable (StoreUnderTest) async throws -> Void

  init(
    _ port: String, _ name: String,
    _ body: @escaping @Sendable (StoreUnderTest) async throws -> Void
  ) {
    self.port = port
    self.name = name
    self.body = body
  }

  /// The port and what it asks, as a test's output names the requirement.
  public var description: String { "\(port): \(name)" }
  /// The port and what it asks, for the test case that checks it.
  public var testDescription: String { description }

  /// Checks the requirement on a database of the store's own, opened empty for this check.
  public func check(on database: any ContractDatabase) async throws {
    try await body(StoreUnderTest(database))
  }

  /// Checks the requirement on a store whose data lives in the store itself (nothing to
  /// reopen, no other connection), made empty for this check.
  public func check(on store: any AuthStore) async throws {
    try await check(on: SingleStoreDatabase(store: store))
  }
}

/// A database opened for one check: the store the check starts with, and the ways to reach
/// the same data again that the contract's persistence and race checks use.
///
/// A store that keeps nothing beyond itself (in memory, no other connection) needs only
/// `store`: the defaults answer it for both.
public protocol ContractDatabase: AnyObject {
  /// A store on the database, empty when the check begins.
  var store: any AuthStore { get }
  /// Another store on the same database, as another process would open it (a connection
  /// of its own).
  func secondStore() throws -> any AuthStore
  /// The database opened again, as after a restart, to prove what persists; from then on
  /// `store` answers the new one.
  @discardableResult
  func reopen() throws -> any AuthStore
}

extension ContractDatabase {
  /// The one store, which every caller shares.
  public func secondStore() throws -> any AuthStore { store }
  /// The one store: there is nothing to open again.
  @discardableResult
  public func reopen() throws -> any AuthStore { store }
}

/// A store that is its own database.
final class SingleStoreDatabase: ContractDatabase {
  let store: any AuthStore
  init(store: any AuthStore) { self.store = store }
}

/// The database of one check, with the store the check currently uses.
final class StoreUnderTest {
  private let database: any ContractDatabase
  private(set) var store: any AuthStore

  init(_ database: any ContractDatabase) {
    self.database = database
    store = database.store
  }

  func secondStore() throws -> any AuthStore { try database.secondStore() }

  @discardableResult
  func reopen() throws -> any AuthStore {
    store = try database.reopen()
    return store
  }

  /// Inserts an account with the sample password hash in a transaction of its own.
  func insertSampleUser(_ name: String) async throws -> User {
    try await store.write { try $0.insertSampleUser(name) }
  }

  /// How many sessions the store keeps: by the end of time every one has expired.
  func sessionCount() async throws -> Int {
    try await store.read { try $0.countExpiredSessions(asOf: ContractSample.endOfTime) }
  }

  /// How many device cookies the store keeps, counted the same way.
  func deviceCookieCount() async throws -> Int {
    try await store.read { try $0.countExpiredDeviceCookies(asOf: ContractSample.endOfTime) }
  }

  /// How many accounts the store keeps (`limit` bounds what is read).
  func userCount(limit: Int = 100) async throws -> Int {
    try await store.read { try $0.userRecords(after: nil, limit: limit) }.count
  }
}
