#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Signs people in, resisting both guessing and account enumeration; also checks a
/// password without starting a session (`verify`), through the very same steps.
///
/// An unknown user, a wrong password, a throttled name and an account locked by an
/// operator end the same way: one throttle transaction, one password verify at the
/// hasher's full cost (against a dummy hash when there is no account or it is locked),
/// one audit transaction, and the same `.invalid` message. See `SignInThrottle` for how
/// failures are counted. Each attempt also deletes a bounded number of expired sessions,
/// forgotten throttle rows and expired device cookies (`AuthPolicy.housekeeping`).
public struct SignInService: AuthenticationUseCase, PasswordCheckUseCase {
  private let store: any AuthStore
  private let hasher: any PasswordHasher
  private let tokens: any TokenSource
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let dummyHash: DummyPasswordHash
  private let deviceCookies: (any DeviceCookieJar)?

  /// Takes the ports it works through and the rules it applies. With `deviceCookies`,
  /// a successful sign-in leaves the client a device cookie, and failures from a client
  /// that holds a valid one for the name count on that cookie alone (see `signIn`).
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil
  ) {
    self.store = store
    self.hasher = hasher
    self.tokens = tokens
    self.clock = clock
    self.policy = policy
    self.dummyHash = DummyPasswordHash(hasher: hasher)
    self.deviceCookies = deviceCookies
  }

  /// What a successful check leads to.
  private enum Purpose {
    /// Start a session.
    case signIn
    /// Only answer; no session.
    case verify

    /// Appended to the audit detail of a failure, so the trail tells the two apart.
    var failureSuffix: String { self == .signIn ? "" : " (verify)" }
  }

  /// Checks the username against the public rules and that a password was typed.
  public func validate(_ request: SignInRequest) -> SignInValidation {
    SignInValidation(
      username: Username.validate(request.username, rules: policy.username),
      password: Password.validateEntered(request.password))
  }

  /// Signs in and starts a new session, or answers why not.
  ///
  /// A username that breaks the format rules answers that rule's message without
  /// touching storage: no account can have such a name, so this tells nothing.
  ///
  /// Device cookies (OWASP's "Slow Down Online Guessing Attacks with Device Cookies"),
  /// when a jar is given: a client whose cookie is valid for this account (bound to it,
  /// not expired) counts its failures on that cookie alone, and the name's lock for
  /// untrusted clients does not apply to it, so a stranger's guesses cannot lock the
  /// owner's own device out; a stolen cookie is limited by its own lock. Every success
  /// replaces the cookie with a new one; signing out leaves it.
  @concurrent
  public func signIn(request: SignInRequest) async throws -> Validation<NewSession> {
    let checked = try await check(request, for: .signIn)
    guard case .valid(let (record, upgradedHash, trustedCookie)) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let pending = try PendingSession(tokens: tokens)
    let rules = policy.session
    let newCookie = deviceCookies == nil ? nil : try PendingSession(tokens: tokens)
    let cookieLifetime = policy.throttle.deviceCookieLifetime
    let started = try await finish(
      record, upgradedHash: upgradedHash, trustedCookie: trustedCookie, for: .signIn
    ) {
      user, now, context in
      if let newCookie {
        if let trustedCookie { try context.deleteDeviceCookie(tokenHash: trustedCookie) }
        try context.insertDeviceCookie(
          tokenHash: newCookie.hash, userID: user.id, createdAt: now,
          expiresAt: now.addingTimeInterval(cookieLifetime))
      }
      let started = try pending.start(for: user, at: now, rules: rules, in: context)
      try context.append(
        AuthEventDraft(
          time: now, kind: .signInSucceeded, userID: user.id, username: user.username,
          detail: "session \(started.authenticated.session.id)"))
      return started
    }
    if started != nil, let newCookie { deviceCookies?.keep(newCookie.token) }
    return started.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  /// Checks the password exactly as a sign-in does (throttle, equal work, audit, rehash
  /// upward, a success clears the throttle) but starts no session.
  @concurrent
  public func verify(request: SignInRequest) async throws -> Validation<User> {
    let checked = try await check(request, for: .verify)
    guard case .valid(let (record, upgradedHash, trustedCookie)) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let user = try await finish(
      record, upgradedHash: upgradedHash, trustedCookie: trustedCookie, for: .verify
    ) {
      user, now, context in
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordVerified, userID: user.id, username: user.username,
          detail: "no session started"))
      return user
    }
    return user.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  /// The checks both purposes share: field rules, the throttle, the verify at full cost
  /// and the failure's audit event. Answers the verified record and, when the stored hash
  /// is below the current cost, its replacement.
  private func check(
    _ request: SignInRequest, for purpose: Purpose
  ) async throws -> Validation<(UserRecord, Rehash?, TokenHash?)> {
    let validation = validate(request)
    guard let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else {
      let message = validation.username.errorMessage ?? validation.password.errorMessage
      return .invalid(errorMessage: message ?? AuthMessages.signInFailed)
    }
    let (attempt, trustedCookie) = try await reserveAttempt(
      for: username, cookie: purpose == .signIn ? presentedCookie() : nil)
    let (verified, storedCost) = try verifyEqually(password, attempt)
    guard case .allowed(let record?) = attempt, verified else {
      let damaged =
        storedCost == .farCostlier ? "stored hash far costlier than the current cost" : nil
      try await recordFailure(of: attempt, for: username, purpose: purpose, detail: damaged)
      return .invalid(errorMessage: AuthMessages.signInFailed)
    }
    // Only a cheaper hash is made again, and never below its own cost in any parameter;
    // an upgrade that fails now (out of memory) waits for the next sign-in rather than
    // failing this one.
    var upgradedHash: Rehash? = nil
    if storedCost == .cheaper,
      let made = try? hasher.rehash(password, upgrading: record.passwordHash)
    {
      upgradedHash = Rehash(
        hash: made, from: hasher.parameters(of: record.passwordHash) ?? "unknown",
        to: hasher.parameters(of: made) ?? "current")
    }
    return .valid((record, upgradedHash, trustedCookie))
  }

  /// The hash of the cookie this client holds, when it has one that can be ours.
  private func presentedCookie() -> TokenHash? {
    deviceCookies?.cookie().flatMap(tokens.hash)
  }

  /// Verifies with the same work whatever is stored: the account's hash at the current
  /// cost as it is; a cheaper one, then (when wrong) padding up to the current cost's time;
  /// the dummy hash at the current cost for no account, a lock, a hash no password matches,
  /// or one far costlier than the current cost (refused as damaged, never run).
  private func verifyEqually(
    _ password: Password, _ attempt: SignInAttempt
  ) throws -> (verified: Bool, storedCost: StoredHashCost) {
    guard case .allowed(let record?) = attempt else {
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, .current)
    }
    let storedCost = hasher.storedCost(of: record.passwordHash)
    switch storedCost {
    case .current:
      return (hasher.verify(password, against: record.passwordHash), storedCost)
    case .cheaper:
      let verified = hasher.verify(password, against: record.passwordHash)
      if !verified { hasher.padVerification(after: record.passwordHash) }
      return (verified, storedCost)
    case .farCostlier, .unreadable:
      _ = hasher.verify(password, against: try dummyHash.value())
      return (false, storedCost)
    }
  }

  /// Counts the attempt on the presented device cookie when it is valid for this account,
  /// else on the name's throttle for untrusted clients; answers which cookie was trusted.
  private func reserveAttempt(
    for username: Username, cookie: TokenHash?
  ) async throws -> (SignInAttempt, TokenHash?) {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    let housekeeper = Housekeeper(throttle: policy.throttle)
    let batch = policy.housekeeping.rowsPerAttempt
    return try await store.write { context in
      try housekeeper.prune(at: now, limit: batch, in: context)
      let record = try context.userRecord(named: username)
      // An operator's lock answers before the throttle: nothing is counted against a
      // name whose owner cannot sign in anyway.
      if let record, record.lock != nil { return (.lockedByOperator(record.user.id), nil) }
      if let cookie, let record, let stored = try context.deviceCookie(tokenHash: cookie),
        stored.userID == record.user.id, now < stored.expiresAt
      {
        guard let next = throttle.reserved(after: stored.throttle, at: now) else {
          return (.locked(record.user.id), nil)
        }
        try context.saveDeviceCookieThrottle(next, tokenHash: cookie)
        return (.allowed(record), cookie)
      }
      guard try throttle.reserveAttempt(for: username.canonical, at: now, in: context) else {
        return (.locked(record?.user.id), nil)
      }
      return (.allowed(record), nil)
    }
  }

  private func recordFailure(
    of attempt: SignInAttempt, for username: Username, purpose: Purpose, detail: String? = nil
  ) async throws {
    let event = AuthEventDraft(
      time: clock.now(), kind: .signInFailed, userID: attempt.userID,
      username: username.canonical,
      detail: (detail ?? attempt.failureDetail) + purpose.failureSuffix)
    try await store.write { context in try context.append(event) }
  }

  /// Clears the throttle, stores an upgraded hash and runs `success`, unless the password
  /// changed or an operator locked the account since it was verified.
  private func finish<Outcome: Sendable>(
    _ verified: UserRecord, upgradedHash: Rehash?, trustedCookie: TokenHash?,
    for purpose: Purpose,
    _ success: @escaping @Sendable (User, Date, any AuthStoreContext) throws -> Outcome
  ) async throws -> Outcome? {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    let userID = verified.user.id
    let name = verified.user.username
    let suffix = purpose.failureSuffix
    return try await store.write { context -> Outcome? in
      guard let current = try context.userRecord(id: userID),
        current.passwordHash == verified.passwordHash, current.lock == nil
      else {
        let locked = try context.userRecord(id: userID)?.lock != nil
        try context.append(
          AuthEventDraft(
            time: now, kind: .signInFailed, userID: userID, username: name,
            detail: (locked ? "locked by an operator" : "password changed") + " during check"
              + suffix))
        return nil
      }
      var user = current.user
      if let upgradedHash {
        try context.updatePasswordHash(upgradedHash.hash, for: userID, at: now)
        try context.append(
          AuthEventDraft(
            time: now, kind: .passwordRehashed, userID: userID, username: name,
            detail: "hash upgraded from \(upgradedHash.from) to \(upgradedHash.to)"))
        user = try context.userRecord(id: userID)?.user ?? user
      }
      // A success through a trusted cookie clears that cookie's failures only: the name's
      // count for untrusted clients (a stranger's guesses) stands.
      if let trustedCookie {
        try context.saveDeviceCookieThrottle(.clear, tokenHash: trustedCookie)
      } else {
        try throttle.recordSuccess(for: name, in: context)
      }
      return try success(user, now, context)
    }
  }
}

/// A stored hash made again at a higher cost, with the parameters it had and has.
struct Rehash: Sendable {
  /// The new hash.
  let hash: String
  /// The old hash's parameters, for the audit trail.
  let from: String
  /// The new hash's parameters.
  let to: String
}
