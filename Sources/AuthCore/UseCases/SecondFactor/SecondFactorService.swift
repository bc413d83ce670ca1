#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The signed-in user's second factor (enrol, confirm, status, disable, new recovery
/// codes) and the operator's reset.
///
/// Enrolment makes a 160-bit secret, seals it under the key outside the database and keeps
/// it pending; one correct code enables it and answers `RecoveryCode.setSize` recovery
/// codes, shown once and stored only as hashes. Turning it off or renewing the codes asks
/// for the current password, checked as every password is (`SignedInAccount`).
public struct SecondFactorService: Sendable {
  private let account: SignedInAccount
  private let ports: OperatorPorts
  private let setup: SecondFactorSetup?
  private var store: any AuthStore { ports.store }
  private var clock: any WallClock { ports.clock }

  /// Takes the ports it works through; without `setup` every operation that needs the key
  /// or the one-time-password library throws `.secondFactor(.unsupported)`.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil, setup: SecondFactorSetup?
  ) {
    self.account = SignedInAccount(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      deviceCookies: deviceCookies)
    self.ports = OperatorPorts(store: store, clock: clock, policy: policy)
    self.setup = setup
  }

  /// Starts enrolment: a new pending factor in place of any pending one. Refused with
  /// `.alreadyEnabled` while one is on. Creates the key file when there is none.
  @concurrent
  public func enrol(token: SessionToken) async throws(AuthError) -> SecondFactorEnrolment {
    // Signed in first: a key file is made only for someone who may enrol.
    let user = try await signedIn(token)
    let (setup, keys) = try keysAndSetup(creatingIfMissing: true)
    let secret: TOTPSecret
    let base32: String
    do {
      secret = try setup.oneTimePasswords.makeSecret()
      base32 = try setup.oneTimePasswords.base32(secret)
    } catch { throw .secondFactor(.library(String(describing: error))) }
    let sealed: [UInt8]
    do {
      sealed = try keys.sealer.seal(
        secret.bytes, context: SecondFactorChallenge.sealingContext(user.id))
    } catch { throw .secondFactor(.library(String(describing: error))) }
    let uri: OTPAuthURI
    do {
      uri = try OTPAuthURI(
        issuer: setup.issuer, account: user.username, base32Secret: base32,
        parameters: setup.parameters)
    } catch { throw .secondFactor(.library(String(describing: error))) }
    let now = clock.now()
    let factor = StoredSecondFactor(
      userID: user.id, sealedSecret: sealed, parameters: setup.parameters, state: .pending,
      lastAcceptedStep: nil, createdAt: now, updatedAt: now)
    try await store.write { context throws(AuthError) in
      if try context.secondFactor(of: user.id)?.state == .enabled {
        throw AuthError.secondFactor(.alreadyEnabled)
      }
      try context.replaceSecondFactor(factor)
    }
    return SecondFactorEnrolment(base32Secret: base32, uri: uri, parameters: setup.parameters)
  }

  /// Enables the pending factor after one correct code (±1 step), and answers the new
  /// recovery codes, which are not shown again. A wrong code changes nothing.
  @concurrent
  public func confirm(
    token: SessionToken, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<[RecoveryCode]> {
    let (setup, keys) = try keysAndSetup(creatingIfMissing: false)
    let user = try await signedIn(token)
    guard let factor = try await store.read({ try $0.secondFactor(of: user.id) }),
      factor.state == .pending
    else {
      throw .secondFactor(
        try await store.read({ try $0.secondFactor(of: user.id) }) == nil
          ? .notEnrolled : .alreadyEnabled)
    }
    let secret = try SecondFactorCodes.open(factor, with: keys)
    let now = clock.now()
    let step: UInt64?
    do {
      step = try setup.oneTimePasswords.verify(
        SecondFactorCodes.typed(code), for: secret,
        nearStep: factor.parameters.step(at: now), window: 1, parameters: factor.parameters)
    } catch { throw .secondFactor(.library(String(describing: error))) }
    guard let step else {
      try await audit(.secondFactorFailed, user, "wrong code (confirmation)")
      return .refused(.incorrectCode)
    }
    let codes = keys.recoveryCodes.makeCodes(count: RecoveryCode.setSize)
    let hashes = codes.map { keys.recoveryCodes.hash($0, of: user.id) }
    let sealed = factor.sealedSecret
    try await store.write { context throws(AuthError) in
      // Another enrolment since the code was judged: its secret is not the one confirmed.
      guard let current = try context.secondFactor(of: user.id), current.state == .pending,
        current.sealedSecret == sealed
      else { throw AuthError.secondFactor(.notEnrolled) }
      try context.enableSecondFactor(of: user.id, acceptedStep: step, at: now)
      try Self.storeRecoveryCodes(
        hashes, of: user, at: now, detail: "\(hashes.count) recovery codes", in: context)
    }
    return .accepted(codes)
  }

  /// Whether the signed-in user's factor is on or pending, and how many recovery codes are
  /// left. Needs no key.
  @concurrent
  public func status(token: SessionToken) async throws(AuthError) -> SecondFactorStatus {
    try await account.read(token) { found, context throws(AuthError) in
      try Self.status(of: found.user.id, in: context)
    }
  }

  /// Turns the factor off (and deletes its recovery codes) after the current password.
  @concurrent
  public func disable(
    token: SessionToken, password: String
  ) async throws(AuthError) -> SecondFactorPasswordAnswer<Bool> {
    let answer = try await afterCurrentPassword(password, token) {
      user, now, context throws(AuthError) in
      let deleted = try context.deleteSecondFactor(of: user.id)
      if deleted {
        try context.append(
          AuthEventDraft(time: now, kind: .secondFactorDisabled, user: user, detail: "by its owner")
        )
      }
      return deleted
    }
    // The success settles in the same transaction even when there was nothing to turn off.
    if case .done(false) = answer { throw .secondFactor(.notEnrolled) }
    return answer
  }

  /// A new set of recovery codes after the current password; the old ones stop working.
  @concurrent
  public func newRecoveryCodes(
    token: SessionToken, password: String
  ) async throws(AuthError) -> SecondFactorPasswordAnswer<[RecoveryCode]> {
    let (_, keys) = try keysAndSetup(creatingIfMissing: false)
    let codes = keys.recoveryCodes.makeCodes(count: RecoveryCode.setSize)
    return try await afterCurrentPassword(password, token) {
      user, now, context throws(AuthError) in
      guard try context.secondFactor(of: user.id)?.state == .enabled else {
        throw AuthError.secondFactor(.notEnrolled)
      }
      let hashes = codes.map { keys.recoveryCodes.hash($0, of: user.id) }
      try Self.storeRecoveryCodes(
        hashes, of: user, at: now, detail: "new set of \(hashes.count) recovery codes",
        in: context)
      return codes
    }
  }

  /// The operator's reset: deletes the account's factor and recovery codes and ends its
  /// sessions, audited. Needs no key.
  @concurrent
  public func reset(named username: String) async throws(AuthError) -> AccountChange {
    try await ports.write(named: username) { record, now, context throws(AuthError) in
      guard try context.deleteSecondFactor(of: record.user.id) else {
        throw AuthError.secondFactor(.notEnrolled)
      }
      let ended = try context.deleteSessions(of: record.user.id, except: nil)
      try context.append(
        AuthEventDraft(
          time: now, kind: .secondFactorReset, user: record.user,
          detail: "\(ended) session(s) ended"))
      return AccountChange(user: record.user, endedSessions: ended, wasLocked: record.lock != nil)
    }
  }

  /// The status of any account, for the operator's `users show` and `users list`.
  @concurrent
  public func status(named username: String) async throws(AuthError) -> SecondFactorStatus {
    try await ports.read(named: username) { record, context throws(AuthError) in
      try Self.status(of: record.user.id, in: context)
    }
  }

  /// The accounts among `userIDs` whose factor is on.
  @concurrent
  public func enabled(among userIDs: [UserID]) async throws(AuthError) -> Set<UserID> {
    try await store.read { context throws(AuthError) in
      try context.enabledSecondFactors(among: userIDs)
    }
  }

  private static func status(
    of userID: UserID, in context: any AuthStoreContext
  ) throws(AuthError) -> SecondFactorStatus {
    guard let factor = try context.secondFactor(of: userID) else { return .off }
    return SecondFactorStatus(
      enabled: factor.state == .enabled, pending: factor.state == .pending,
      recoveryCodesLeft: factor.state == .enabled
        ? try context.recoveryCodeHashes(of: userID).count : 0)
  }

  private func keysAndSetup(
    creatingIfMissing: Bool
  ) throws(AuthError) -> (SecondFactorSetup, SecondFactorKeys) {
    guard let setup else { throw .secondFactor(.unsupported) }
    do {
      return (setup, try setup.keys.keys(creatingIfMissing: creatingIfMissing))
    } catch { throw .secondFactor(error) }
  }

  private func signedIn(_ token: SessionToken) async throws(AuthError) -> User {
    try await account.read(token) { found, _ in found.user }
  }

  /// Checks the signed-in user's current password, then runs `work` in one write
  /// transaction that settles the check.
  private func afterCurrentPassword<Value: Hashable & Sendable>(
    _ text: String, _ token: SessionToken,
    _ work: (User, Date, any AuthStoreContext) throws(AuthError) -> Value
  ) async throws(AuthError) -> SecondFactorPasswordAnswer<Value> {
    let user = try await signedIn(token)
    guard let password = Password.validateEntered(text).asValidated else {
      return .refused(.incorrect)
    }
    let passed: PasswordCheck.Passed
    switch try await account.checkCurrentPassword(password, of: user, for: .secondFactorChange) {
    case .passed(let verified): passed = verified
    case .refused(let refusal): return .refused(refusal)
    }
    let now = clock.now()
    let passwords = account.passwords
    return .done(
      try await store.write { context throws(AuthError) in
        try passwords.recordSuccess(passed, in: context)
        return try work(user, now, context)
      })
  }

  /// Stores a new set of recovery codes in place of the old, audited with the factor's
  /// enabling.
  private static func storeRecoveryCodes(
    _ hashes: [RecoveryCodeHash], of user: User, at now: Date, detail: String,
    in context: any AuthStoreContext
  ) throws(AuthError) {
    try context.replaceRecoveryCodes(hashes, of: user.id, at: now)
    try context.append(
      AuthEventDraft(time: now, kind: .secondFactorEnabled, user: user, detail: detail))
  }

  private func audit(
    _ kind: AuthEventKind, _ user: User, _ detail: String
  ) async throws(AuthError) {
    let event = AuthEventDraft(time: clock.now(), kind: kind, user: user, detail: detail)
    try await store.write { context throws(AuthError) in try context.append(event) }
  }
}
