import AuthCore
import AuthCrypto
import AuthPostgres
import AuthStorage
import AuthStoreConformance
import AuthTestSupport
import DictionaryStore
import Foundation
import PostgresTestSupport

/// Real libsodium adapters at the minimum Argon2id cost, a real store, a test clock, and
/// every use case wired to them.
///
/// The store is SQLite in memory, a fresh schema on the test PostgreSQL server when
/// `AUTHCLI_TEST_STORE=postgres`, the same reached through the test PgBouncer in transaction
/// pooling mode when `AUTHCLI_TEST_STORE=pgbouncer`, or the dictionary store of
/// Examples/DictionaryStore when `AUTHCLI_TEST_STORE=dictionary` (script/test runs these
/// suites once more on each).
struct UseCaseFixture {
  let store: any AuthStore
  let hasher: CountingPasswordHasher
  let tokens: SodiumTokenSource
  let clock = TestClock()
  let policy: AuthPolicy

  static let password = "correct horse battery staple"
  static let otherPassword = "a completely different passphrase"

  /// `signInWork` raises every check above `cost`, as a store whose sign-in work was raised.
  init(
    store: (any AuthStore)? = nil, cost: Argon2Cost = .minimum, signInWork: Int? = nil,
    policy: AuthPolicy = .standard
  )
    throws
  {
    self.store = try store ?? Self.makeMemoryStore()
    hasher = CountingPasswordHasher(
      wrapping: try Argon2idHasher(cost: cost, signInWork: signInWork))
    tokens = try SodiumTokenSource()
    self.policy = policy
  }

  /// A fresh, migrated database: SQLite in memory, or PostgreSQL (see the type's notes).
  static func makeMemoryStore() throws -> any AuthStore {
    switch ProcessInfo.processInfo.environment["AUTHCLI_TEST_STORE"] {
    case "postgres": return try PostgresAuthStore.open(try TestPostgres.freshSchema())
    case "pgbouncer": return try PostgresAuthStore.open(try TestPostgres.freshPooledSchema().pooled)
    case "dictionary": return DictionaryAuthStore()
    default: return try SQLiteAuthStore.inMemory()
    }
  }

  /// Every use case, wired as the composition root wires them, over the fixture's parts.
  var services: AuthServices {
    AuthServices(store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy)
  }

  var signUp: SignUpService { services.signUp }
  var signIn: SignInService { services.signIn }
  var sessions: SessionService { services.sessions }
  var changePassword: ChangePasswordService { services.changePassword }
  var administration: AccountAdministrationService { services.accounts }
  var housekeeping: HousekeepingService { services.housekeeping }
  var auditTrail: AuditTrailService { services.auditTrail }

  /// Checks a password without a session and returns the answer.
  func verify(_ name: String, _ password: String) async throws -> Validation<User> {
    try await signIn.verify(request: SignInRequest(username: name, password: password))
  }

  /// Signs up a user and returns the first session.
  func register(_ name: String, password: String = Self.password) async throws -> NewSession {
    let result = try await signUp.signUp(
      request: SignUpRequest(username: name, password: password, confirmation: password))
    guard case .signedUp(let started) = result else { throw FixtureError.signUpRefused(result) }
    return started
  }

  /// Signs in and returns the answer.
  func attempt(_ name: String, _ password: String) async throws -> Validation<NewSession> {
    try await signIn.signIn(request: SignInRequest(username: name, password: password))
  }

  /// Signs in `count` times at once, as as many clients would, and returns the answers.
  func attemptAtOnce(
    _ name: String, _ password: String, count: Int
  ) async throws -> [Validation<NewSession>] {
    let service = signIn
    let request = SignInRequest(username: name, password: password)
    return try await withThrowingTaskGroup(of: Validation<NewSession>.self) { group in
      for _ in 0..<count { group.addTask { try await service.signIn(request: request) } }
      return try await group.reduce(into: []) { $0.append($1) }
    }
  }

  /// Alice signed in on two devices and bob on one: what the cases that end some sessions
  /// and keep others start from.
  func aliceTwiceAndBob() async throws -> (
    alice: NewSession, aliceElsewhere: NewSession, bob: NewSession
  ) {
    let alice = try await register("alice")
    guard case .valid(let aliceElsewhere) = try await attempt("alice", Self.password) else {
      throw FixtureError.unexpected("alice's second sign-in was refused")
    }
    return (alice, aliceElsewhere, try await register("bob"))
  }

  /// The audit trail, oldest first.
  func events() async throws -> [AuthEventDraft] {
    try await store.read { try $0.recentEvents(limit: 1000) }.reversed().map(\.draft)
  }

  func throttle(_ name: String) async throws -> ThrottleState {
    try await store.read { try $0.throttleState(for: name) }
  }
}

enum FixtureError: Error {
  case signUpRefused(SignUpResult)
  case unexpected(String)
}
