import AuthCore
import AuthCrypto
import Foundation
import Synchronization
import Testing

/// `DeviceCookieStore` (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"):
/// the port's operations, then the sign-in rules they carry, through the real use cases over
/// the store under test.
extension StoreContract {
  static let deviceCookies: [StoreRequirement] = [
    StoreRequirement(
      "DeviceCookieStore",
      "a cookie is kept by its hash, bound to its account; counts, deletes, clears and expires",
      deviceCookieOperations),
    StoreRequirement(
      "DeviceCookieStore",
      "sign-in: a cookie is issued, trusted past the name's lock, locked alone, expires, unlocked",
      signInRules),
    StoreRequirement(
      "DeviceCookieStore",
      "an account's cookie still counts after an operator renamed it, and not for the old name",
      cookieFollowsTheAccountAcrossARename),
    StoreRequirement(
      "DeviceCookieStore",
      "verify and a password change count and are judged by the same cookie as a sign-in",
      everyPasswordCheckFollowsTheCookieRule),
  ]

  static func deviceCookieOperations(_ harness: StoreUnderTest) async throws {
    let (owner, other) = try await harness.store.write { context in
      (
        try context.insertSampleUser("owner"),
        try context.insertSampleUser("other")
      )
    }
    #expect(
      try await harness.store.read { try $0.deviceCookie(tokenHash: ContractSample.tokenHash(1)) }
        == nil)
    try await harness.store.write { context in
      try context.insertSampleDeviceCookie(1, for: owner.id, until: 100)
      try context.insertSampleDeviceCookie(2, for: owner.id, until: 200)
      try context.insertSampleDeviceCookie(3, for: other.id, until: 50)
    }
    let locked = ThrottleState(
      consecutiveFailures: 5, lockedUntil: ContractSample.time(160),
      lastFailureAt: ContractSample.time(100))
    try await harness.store.write { context in
      try context.saveDeviceCookieThrottle(locked, tokenHash: ContractSample.tokenHash(1))
      try context.saveDeviceCookieThrottle(locked, tokenHash: ContractSample.tokenHash(3))
    }
    let reopened = try harness.reopen()
    let first = try await reopened.read {
      try $0.deviceCookie(tokenHash: ContractSample.tokenHash(1))
    }
    #expect(
      first == DeviceCookie(userID: owner.id, expiresAt: ContractSample.time(100), throttle: locked)
    )
    let second = try await reopened.read {
      try $0.deviceCookie(tokenHash: ContractSample.tokenHash(2))
    }
    #expect(
      second
        == DeviceCookie(userID: owner.id, expiresAt: ContractSample.time(200), throttle: .clear))

    // An operator's unlock clears every cookie of the account, and only of that account.
    try await reopened.write { try $0.clearDeviceCookieThrottles(of: owner.id) }
    #expect(
      try await reopened.read { try $0.deviceCookie(tokenHash: ContractSample.tokenHash(1)) }?
        .throttle == .clear)
    #expect(
      try await reopened.read { try $0.deviceCookie(tokenHash: ContractSample.tokenHash(3)) }?
        .throttle == locked)

    // Expired at or before the time: counted, then deleted a bounded number at a time.
    #expect(
      try await reopened.read { try $0.countExpiredDeviceCookies(asOf: ContractSample.time(49)) }
        == 0)
    #expect(
      try await reopened.read { try $0.countExpiredDeviceCookies(asOf: ContractSample.time(100)) }
        == 2)
    #expect(
      try await reopened.write {
        try $0.deleteExpiredDeviceCookies(asOf: ContractSample.time(100), limit: 0)
      }
        == 0)
    #expect(
      try await reopened.write {
        try $0.deleteExpiredDeviceCookies(asOf: ContractSample.time(100), limit: 1)
      }
        == 1)
    // The oldest expiry goes first.
    #expect(
      try await reopened.read { try $0.deviceCookie(tokenHash: ContractSample.tokenHash(3)) } == nil
    )
    #expect(
      try await reopened.write {
        try $0.deleteExpiredDeviceCookies(asOf: ContractSample.time(300), limit: nil)
      }
        == 2)
    #expect(try await harness.deviceCookieCount() == 0)

    // One cookie deleted alone; the rest of the account's go with the account.
    try await reopened.write { context in
      try context.insertSampleDeviceCookie(4, for: owner.id, until: 100)
      try context.insertSampleDeviceCookie(5, for: owner.id, until: 100)
      try context.deleteDeviceCookie(tokenHash: ContractSample.tokenHash(4))
    }
    #expect(try await harness.deviceCookieCount() == 1)
    #expect(
      try await reopened.read { try $0.deviceCookie(tokenHash: ContractSample.tokenHash(5)) } != nil
    )
    #expect(try await reopened.write { try $0.deleteUser(owner.id) })
    #expect(try await harness.deviceCookieCount() == 0)
  }

  static func signInRules(_ harness: StoreUnderTest) async throws {
    let world = try CookieWorld(store: harness.store)
    let first = try await world.signUpOwner()
    #expect(try await harness.deviceCookieCount() == 0, "sign-up leaves no cookie")

    // Issued: a success leaves the client a cookie; only its hash is stored, bound to owner.
    #expect(try await world.attempt(world.owner, CookieWorld.password))
    let cookie = try #require(world.ownerJar.cookies().first)
    let cookieHash = try #require(world.tokens.hash(cookie))
    let stored = try #require(
      try await harness.store.read { try $0.deviceCookie(tokenHash: cookieHash) })
    #expect(stored.expiresAt == world.clock.now().addingTimeInterval(30 * 86_400))
    #expect(stored.userID == first.authenticated.user.id)
    #expect(try await harness.deviceCookieCount() == 1)

    // A stranger locks the name for clients without a cookie: even the right password fails.
    for _ in 0..<6 { #expect(try await !world.attempt(world.stranger, "a stranger's guess")) }
    #expect(try await !world.attempt(world.stranger, CookieWorld.password))

    // Verified: the owner's valid cookie is not held by the name's lock; the success
    // replaces the cookie with a new one.
    #expect(try await world.attempt(world.owner, CookieWorld.password))
    let replaced = try #require(world.ownerJar.cookies().first)
    #expect(replaced != cookie)
    #expect(try await harness.store.read { try $0.deviceCookie(tokenHash: cookieHash) } == nil)
    #expect(try await harness.deviceCookieCount() == 1)

    // Failures with the cookie count on the cookie alone and lock it.
    for _ in 0..<5 { #expect(try await !world.attempt(world.owner, "not the owner's phrase")) }
    #expect(try await !world.attempt(world.owner, CookieWorld.password))
    let replacedHash = try #require(world.tokens.hash(replaced))
    let cookieState = try await harness.store.read { try $0.deviceCookie(tokenHash: replacedHash) }
    #expect(cookieState?.throttle.consecutiveFailures == 5)

    // The operator's unlock clears both locks.
    _ = try await world.administration.unlockAccount(named: "owner")
    #expect(try await world.attempt(world.stranger, CookieWorld.password))
    #expect(try await world.attempt(world.owner, CookieWorld.password))

    // Expired: a month on, the cookie is no longer trusted, so the name's lock holds it too;
    // the attempt's housekeeping deletes the expired cookie.
    world.clock.advance(by: 30 * 86_400 + 1)
    for _ in 0..<6 { _ = try await world.attempt(world.stranger, "a stranger's guess") }
    #expect(try await !world.attempt(world.owner, CookieWorld.password))
    #expect(try await harness.deviceCookieCount() == 0)
  }

  static func cookieFollowsTheAccountAcrossARename(_ harness: StoreUnderTest) async throws {
    let world = try CookieWorld(store: harness.store)
    try await world.signUpOwner()
    #expect(try await world.attempt(world.owner, CookieWorld.password))
    let renamed = try await world.rename.renameAccount(named: "owner", to: "ava")
    #expect(renamed.isValid)
    // A stranger locks the new name; the owner's device, which signed in as "owner", is
    // still trusted for the account, now "ava".
    for _ in 0..<6 {
      #expect(try await !world.attempt(world.stranger, "a stranger's guess", as: "ava"))
    }
    #expect(try await !world.attempt(world.stranger, CookieWorld.password, as: "ava"))
    #expect(try await world.attempt(world.owner, CookieWorld.password, as: "ava"))
    // A new account under the old name gains nothing from that cookie.
    try await world.signUpOwner(password: CookieWorld.newPassword)
    for _ in 0..<6 { _ = try await world.attempt(world.stranger, "a stranger's guess") }
    #expect(try await !world.attempt(world.owner, CookieWorld.newPassword))
  }

  static func everyPasswordCheckFollowsTheCookieRule(_ harness: StoreUnderTest) async throws {
    let world = try CookieWorld(store: harness.store)
    try await world.signUpOwner()
    // The owner signs in on her device, which leaves her cookie there.
    let session = try #require(
      try await world.owner.signIn(
        request: SignInRequest(username: "owner", password: CookieWorld.password)
      ).asValidated)
    let cookie = try #require(world.ownerJar.cookies().first)
    let cookieHash = try #require(world.tokens.hash(cookie))

    // A stranger locks the name for clients without a cookie, for every kind of check: his
    // verify and a password change through the owner's session, stolen, are refused too.
    for _ in 0..<6 { #expect(try await !world.attempt(world.stranger, "a stranger's guess")) }
    #expect(try await !world.verify(world.stranger, CookieWorld.password))
    let offDevice = try await world.strangerChange.changePassword(
      token: session.token, request: world.change(from: CookieWorld.password))
    #expect(offDevice == .refused(.tooManyAttempts))

    // On the owner's device, verify and her password change are judged by her cookie.
    #expect(try await world.verify(world.owner, CookieWorld.password))
    let changed = try await world.ownerChange.changePassword(
      token: session.token, request: world.change(from: CookieWorld.password))
    #expect(changed == .changed(endedSessions: 1), "the sign-up's session ends")
    #expect(world.ownerJar.cookies().first == cookie, "only a sign-in replaces the cookie")
    // Her successes clear her cookie's count only: the stranger's lock on the name stands.
    let nameState = try await harness.store.read { try $0.throttleState(for: "owner") }
    #expect(nameState.isLocked(at: world.clock.now()))

    // Failures of every kind from her device count on her cookie, and together lock it.
    for _ in 0..<2 { #expect(try await !world.verify(world.owner, "not the owner's phrase")) }
    for _ in 0..<2 {
      let wrong = try await world.ownerChange.changePassword(
        token: session.token, request: world.change(from: "not the owner's phrase"))
      #expect(wrong == .refused(.incorrect))
    }
    #expect(try await !world.attempt(world.owner, "not the owner's phrase"))
    let cookieState = try await harness.store.read { try $0.deviceCookie(tokenHash: cookieHash) }
    #expect(cookieState?.throttle.consecutiveFailures == 5)
    #expect(try await !world.verify(world.owner, CookieWorld.newPassword))
    let lockedCookie = try await world.ownerChange.changePassword(
      token: session.token, request: world.change(from: CookieWorld.newPassword))
    #expect(lockedCookie == .refused(.tooManyAttempts))
    let afterName = try await harness.store.read { try $0.throttleState(for: "owner") }
    #expect(afterName == nameState, "failures with a trusted cookie never count on the name")

    // Every kind of check is audited with its purpose.
    let details = try await harness.store.read { try $0.recentEvents(limit: 100) }
      .filter { $0.draft.kind == .signInFailed }.map(\.draft.detail)
    #expect(details.contains("wrong password (verify)"))
    #expect(details.contains("wrong current password (password change)"))
    #expect(details.contains("locked (password change)"))
  }
}

/// The sign-in use cases over one store, with a device-cookie jar for two clients: the
/// owner's device and a stranger's.
private struct CookieWorld {
  static let password = "plum tractor dawn whistle"
  static let newPassword = "kettle marble ocean lantern"

  let tokens: SodiumTokenSource
  let clock = TestClock()
  let ownerJar = CookieJar()
  let owner: SignInService
  let stranger: SignInService
  /// Password changes from the owner's device and from the stranger's.
  let ownerChange: ChangePasswordService
  let strangerChange: ChangePasswordService
  let signUp: SignUpService
  let administration: AccountAdministrationService
  let rename: AccountRenameService

  init(store: any AuthStore) throws {
    let hasher = try Argon2idHasher(cost: .minimum)
    tokens = try SodiumTokenSource()
    // One device each: the same wiring as the binary's, with each client's own jar.
    let ownerDevice = AuthServices(
      store: store, hasher: hasher, tokens: tokens, clock: clock, deviceCookies: ownerJar)
    let strangerDevice = AuthServices(
      store: store, hasher: hasher, tokens: tokens, clock: clock, deviceCookies: CookieJar())
    owner = ownerDevice.signIn
    stranger = strangerDevice.signIn
    ownerChange = ownerDevice.changePassword
    strangerChange = strangerDevice.changePassword
    signUp = ownerDevice.signUp
    administration = ownerDevice.accounts
    rename = ownerDevice.accountRename
  }

  /// Signs "owner" up from the owner's device; a refusal fails the check.
  @discardableResult
  func signUpOwner(password: String = Self.password) async throws -> NewSession {
    let made = try await signUp.signUp(
      request: SignUpRequest(username: "owner", password: password, confirmation: password))
    guard case .signedUp(let first) = made else {
      throw ContractFailure(description: "sign-up refused: \(made)")
    }
    return first
  }

  /// Whether signing in as `username` from this client succeeds.
  func attempt(
    _ client: SignInService, _ password: String, as username: String = "owner"
  ) async throws -> Bool {
    try await client.signIn(request: SignInRequest(username: username, password: password))
      .isValid
  }

  /// Whether checking owner's password from this client without a session succeeds.
  func verify(_ client: SignInService, _ password: String) async throws -> Bool {
    try await client.verify(request: SignInRequest(username: "owner", password: password))
      .isValid
  }

  /// A password change from `current` to `newPassword`.
  func change(from current: String) -> ChangePasswordRequest {
    ChangePasswordRequest(
      currentPassword: current, newPassword: Self.newPassword, confirmation: Self.newPassword)
  }
}

/// A client's cookies kept in memory, one per account, as an app's keychain would keep them.
private final class CookieJar: DeviceCookieJar {
  private let kept = Mutex<[UserID: SessionToken]>([:])

  func cookies() -> [SessionToken] {
    kept.withLock { $0.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value) }
  }
  func keep(_ cookie: SessionToken, for account: UserID, replacing: SessionToken?) {
    kept.withLock { $0[account] = cookie }
  }
}

/// A step of a check that could not go on.
struct ContractFailure: Error, CustomStringConvertible {
  let description: String
}
