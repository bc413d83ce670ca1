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
/// failures are counted. Each attempt also deletes a bounded number of expired sessions
/// and forgotten throttle rows (`AuthPolicy.housekeeping`).
public struct SignInService: AuthenticationUseCase, PasswordCheckUseCase {
  private let store: any AuthStore
  private let hasher: any PasswordHasher
  private let tokens: any TokenSource
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let dummyHash: DummyPasswordHash

  /// Takes the ports it works through and the rules it applies.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard
  ) {
    self.store = store
    self.hasher = hasher
    self.tokens = tokens
    self.clock = clock
    self.policy = policy
    self.dummyHash = DummyPasswordHash(hasher: hasher)
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
  @concurrent
  public func signIn(request: SignInRequest) async throws -> Validation<NewSession> {
    let checked = try await check(request, for: .signIn)
    guard case .valid(let (record, upgradedHash)) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let pending = try PendingSession(tokens: tokens)
    let rules = policy.session
    let started = try await finish(record, upgradedHash: upgradedHash, for: .signIn) {
      user, now, context in
      let started = try pending.start(for: user, at: now, rules: rules, in: context)
      try context.append(
        AuthEventDraft(
          time: now, kind: .signInSucceeded, userID: user.id, username: user.username,
          detail: "session \(started.authenticated.session.id)"))
      return started
    }
    return started.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  /// Checks the password exactly as a sign-in does (throttle, equal work, audit, rehash
  /// upward, a success clears the throttle) but starts no session.
  @concurrent
  public func verify(request: SignInRequest) async throws -> Validation<User> {
    let checked = try await check(request, for: .verify)
    guard case .valid(let (record, upgradedHash)) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let user = try await finish(record, upgradedHash: upgradedHash, for: .verify) {
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
  ) async throws -> Validation<(UserRecord, String?)> {
    let validation = validate(request)
    guard let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else {
      let message = validation.username.errorMessage ?? validation.password.errorMessage
      return .invalid(errorMessage: message ?? AuthMessages.signInFailed)
    }
    let attempt = try await reserveAttempt(for: username)
    let verified = hasher.verify(password, against: try attempt.hashToVerify(dummy: dummyHash))
    guard case .allowed(let record?) = attempt, verified else {
      try await recordFailure(of: attempt, for: username, purpose: purpose)
      return .invalid(errorMessage: AuthMessages.signInFailed)
    }
    // An upgrade that fails now (out of memory) waits for the next sign-in
    // rather than failing this one.
    let upgradedHash = hasher.needsRehash(record.passwordHash) ? try? hasher.hash(password) : nil
    return .valid((record, upgradedHash))
  }

  private func reserveAttempt(for username: Username) async throws -> SignInAttempt {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    let housekeeper = Housekeeper(throttle: policy.throttle)
    let batch = policy.housekeeping.rowsPerAttempt
    return try await store.write { context in
      try housekeeper.prune(at: now, limit: batch, in: context)
      let record = try context.userRecord(named: username)
      // An operator's lock answers before the throttle: nothing is counted against a
      // name whose owner cannot sign in anyway.
      if let record, record.lock != nil { return .lockedByOperator(record.user.id) }
      guard try throttle.reserveAttempt(for: username.canonical, at: now, in: context) else {
        return .locked(record?.user.id)
      }
      return .allowed(record)
    }
  }

  private func recordFailure(
    of attempt: SignInAttempt, for username: Username, purpose: Purpose
  ) async throws {
    let event = AuthEventDraft(
      time: clock.now(), kind: .signInFailed, userID: attempt.userID,
      username: username.canonical, detail: attempt.failureDetail + purpose.failureSuffix)
    try await store.write { context in try context.append(event) }
  }

  /// Clears the throttle, stores an upgraded hash and runs `success`, unless the password
  /// changed or an operator locked the account since it was verified.
  private func finish<Outcome: Sendable>(
    _ verified: UserRecord, upgradedHash: String?, for purpose: Purpose,
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
        try context.updatePasswordHash(upgradedHash, for: userID, at: now)
        try context.append(
          AuthEventDraft(
            time: now, kind: .passwordRehashed, userID: userID, username: name,
            detail: "hash upgraded to current cost"))
        user = try context.userRecord(id: userID)?.user ?? user
      }
      try throttle.recordSuccess(for: name, in: context)
      return try success(user, now, context)
    }
  }
}
