#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Signs people in, resisting both guessing and account enumeration.
///
/// An unknown user, a wrong password and a locked name end the same way: one
/// throttle transaction, one password verify at the hasher's full cost (against
/// a dummy hash when there is no account or the name is locked), one audit
/// transaction, and the same `.invalid` message. See `SignInThrottle` for how
/// failures are counted.
public struct SignInService: AuthenticationUseCase {
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
      try await recordFailure(of: attempt, for: username)
      return .invalid(errorMessage: AuthMessages.signInFailed)
    }
    // An upgrade that fails now (out of memory) waits for the next sign-in
    // rather than failing this one.
    let upgradedHash = hasher.needsRehash(record.passwordHash) ? try? hasher.hash(password) : nil
    let started = try await finishSignIn(record, upgradedHash: upgradedHash)
    return started.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  private func reserveAttempt(for username: Username) async throws -> SignInAttempt {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    return try await store.write { context in
      let record = try context.userRecord(named: username)
      guard try throttle.reserveAttempt(for: username.canonical, at: now, in: context) else {
        return .locked(record?.user.id)
      }
      return .allowed(record)
    }
  }

  private func recordFailure(of attempt: SignInAttempt, for username: Username) async throws {
    let event = AuthEventDraft(
      time: clock.now(), kind: .signInFailed, userID: attempt.userID,
      username: username.canonical, detail: attempt.failureDetail)
    try await store.write { context in try context.append(event) }
  }

  /// Starts the session, unless the password changed since it was verified.
  private func finishSignIn(
    _ verified: UserRecord, upgradedHash: String?
  ) async throws
    -> NewSession?
  {
    let pending = try PendingSession(tokens: tokens)
    let now = clock.now()
    let rules = policy.session
    let throttle = SignInThrottle(rules: policy.throttle)
    let userID = verified.user.id
    let name = verified.user.username
    return try await store.write { context -> NewSession? in
      guard let current = try context.userRecord(id: userID),
        current.passwordHash == verified.passwordHash
      else {
        try context.append(
          AuthEventDraft(
            time: now, kind: .signInFailed, userID: userID, username: name,
            detail: "password changed during sign-in"))
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
      let started = try pending.start(for: user, at: now, rules: rules, in: context)
      try context.append(
        AuthEventDraft(
          time: now, kind: .signInSucceeded, userID: userID, username: name,
          detail: "session \(started.authenticated.session.id)"))
      return started
    }
  }
}
