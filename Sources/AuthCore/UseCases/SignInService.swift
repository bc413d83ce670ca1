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
/// one audit transaction, and the same `.invalid` message. The check itself is
/// `PasswordCheck`, which a password change goes through too; see `SignInThrottle` for how
/// failures are counted. Each attempt also deletes a bounded number of expired sessions,
/// forgotten throttle rows and expired device cookies (`AuthPolicy.housekeeping`).
public struct SignInService: AuthenticationUseCase, PasswordCheckUseCase {
  private let store: any AuthStore
  private let tokens: any TokenSource
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let deviceCookies: (any DeviceCookieJar)?
  private let passwords: PasswordCheck

  /// Takes the ports it works through and the rules it applies. With `deviceCookies`,
  /// a successful sign-in leaves the client a device cookie for the account, and failures
  /// from a client that holds a valid one for the name count on that cookie alone (see
  /// `signIn`); `verify` is judged by the same cookie but leaves none.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil,
    legacyVerifier: (any LegacyPasswordVerifier)? = nil
  ) {
    self.store = store
    self.tokens = tokens
    self.clock = clock
    self.policy = policy
    self.deviceCookies = deviceCookies
    self.passwords = PasswordCheck(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      dummyHash: DummyPasswordHash(hasher: hasher), deviceCookies: deviceCookies,
      legacyVerifier: legacyVerifier)
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
  /// when a jar is given: a client whose cookie for this account is valid (bound to it,
  /// not expired) counts its failures on that cookie alone, and the name's lock for
  /// untrusted clients does not apply to it, so a stranger's guesses cannot lock the
  /// owner's own device out; a stolen cookie is limited by its own lock. Every success
  /// replaces the account's cookie with a new one; signing out leaves it.
  @concurrent
  public func signIn(request: SignInRequest) async throws(AuthError) -> Validation<NewSession> {
    let checked = try await check(request, for: .signIn)
    guard case .valid(let passed) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let pending = try PendingSession(tokens: tokens)
    let rules = policy.session
    let newCookie = deviceCookies == nil ? nil : try PendingSession(tokens: tokens)
    let cookieLifetime = policy.throttle.deviceCookieLifetime
    let trusted = passed.trustedCookie
    let started = try await finish(passed, for: .signIn) { user, now, context throws(AuthError) in
      if let newCookie {
        if let trusted { try context.deleteDeviceCookie(tokenHash: trusted.hash) }
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
    if let started, let newCookie {
      deviceCookies?.keep(
        newCookie.token, for: started.authenticated.user.username, replacing: trusted?.token)
    }
    return started.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  /// Checks the password exactly as a sign-in does (throttle, device cookie, equal work,
  /// audit, rehash upward, a success clears the count it was charged to) but starts no
  /// session and leaves no cookie.
  @concurrent
  public func verify(request: SignInRequest) async throws(AuthError) -> Validation<User> {
    let checked = try await check(request, for: .verify)
    guard case .valid(let passed) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    let user = try await finish(passed, for: .verify) { user, now, context throws(AuthError) in
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordVerified, userID: user.id, username: user.username,
          detail: "no session started"))
      return user
    }
    return user.map(Validation.valid) ?? .invalid(errorMessage: AuthMessages.signInFailed)
  }

  /// The field rules, then the one password check every purpose shares; any refusal is
  /// the one sign-in message.
  private func check(
    _ request: SignInRequest, for purpose: PasswordCheck.Purpose
  ) async throws(AuthError) -> Validation<PasswordCheck.Passed> {
    let validation = validate(request)
    guard let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else {
      let message = validation.username.errorMessage ?? validation.password.errorMessage
      return .invalid(errorMessage: message ?? AuthMessages.signInFailed)
    }
    guard
      case .passed(let passed) = try await passwords.check(
        password, of: .named(username), for: purpose)
    else { return .invalid(errorMessage: AuthMessages.signInFailed) }
    return .valid(passed)
  }

  /// Clears the count the attempt was charged to, stores an upgraded hash and runs
  /// `success`, unless the password changed or an operator locked the account since it
  /// was verified.
  private func finish<Outcome: Sendable>(
    _ passed: PasswordCheck.Passed, for purpose: PasswordCheck.Purpose,
    _ success: @escaping @Sendable (User, Date, any AuthStoreContext) throws(AuthError) -> Outcome
  ) async throws(AuthError) -> Outcome? {
    let now = clock.now()
    let passwords = passwords
    let verified = passed.record
    let upgradedHash = passed.upgradedHash
    let userID = verified.user.id
    let name = verified.user.username
    let suffix = purpose.suffix
    return try await store.write { context throws(AuthError) -> Outcome? in
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
            time: now, kind: upgradedHash.kind, userID: userID, username: name,
            detail: "hash upgraded from \(upgradedHash.from) to \(upgradedHash.to)"))
        user = try context.userRecord(id: userID)?.user ?? user
      }
      try passwords.recordSuccess(passed, in: context)
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
  /// How the audit trail names it: a rehash at a higher cost, or a hash kept from another
  /// system replaced by Argon2id.
  var kind: AuthEventKind = .passwordRehashed
}
