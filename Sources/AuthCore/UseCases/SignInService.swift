#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Signs people in, resisting both guessing and account enumeration; also checks a
/// password without starting a session (`verify`), through the very same steps.
///
/// An unknown user, a wrong password, a throttled name, an account locked by an operator
/// and an expired account end the same way: one throttle transaction, one password verify at the
/// hasher's full cost (against a dummy hash when there is no account or it is locked),
/// one audit transaction, and the same `.invalid` message. The check itself is
/// `PasswordCheck`, which a password change goes through too; see `SignInThrottle` for how
/// failures are counted. Each attempt also deletes a bounded number of expired sessions,
/// forgotten throttle rows and expired device cookies (`AuthPolicy.housekeeping`).
public struct SignInService: AuthenticationUseCase, PasswordCheckUseCase {
  let store: any AuthStore
  private let tokens: any TokenSource
  let clock: any WallClock
  let policy: AuthPolicy
  private let deviceCookies: (any DeviceCookieJar)?
  let passwords: PasswordCheck
  let secondFactor: SecondFactorSetup?

  /// Takes the ports it works through and the rules it applies. With `deviceCookies`,
  /// a successful sign-in leaves the client a device cookie for the account, and failures
  /// from a client that holds a valid one for the account count on that cookie alone (see
  /// `signIn`); `verify` is judged by the same cookie but leaves none.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil, secondFactor: SecondFactorSetup? = nil,
    legacyVerifier: (any LegacyPasswordVerifier)? = nil
  ) {
    self.store = store
    self.secondFactor = secondFactor
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
    // No session starts before the second step; this entry point has none, so a right
    // password for an account with a factor is refused (and audited as such).
    switch try await beginSignIn(request, gate: .refuse) {
    case .valid(.signedIn(let session)): .valid(session)
    case .valid(.secondFactorRequired): .invalid(errorMessage: AuthMessages.secondFactorRequired)
    case .valid(.newPasswordRequired): Self.newPasswordRequired()
    case .invalid(let message, _): .invalid(errorMessage: message)
    }
  }

  /// The first step of a sign-in: the password, judged as `signIn` judges it. For an
  /// account with a second factor, a right password starts no session, clears no count and
  /// answers a challenge that `completeSignIn` takes with a code.
  @concurrent
  public func beginSignIn(
    request: SignInRequest
  ) async throws(AuthError) -> Validation<SignInProgress> {
    try await beginSignIn(request, gate: .challenge)
  }

  private func beginSignIn(
    _ request: SignInRequest, gate: SecondFactorGate
  ) async throws(AuthError) -> Validation<SignInProgress> {
    let checked = try await check(request, for: .signIn)
    guard case .valid(let passed) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    switch try await startSession(passed, gate: gate) {
    case .done(let session): return .valid(.signedIn(session))
    case .challenged:
      return .valid(.secondFactorRequired(.init(passed: passed, startsSession: true)))
    case .newPasswordRequired: return .valid(.newPasswordRequired(.init(passed: passed, code: nil)))
    case .refused: return .invalid(errorMessage: AuthMessages.signInFailed)
    }
  }

  /// The second step: a code from the authenticator app (±1 step, never one at or before
  /// the last accepted step) or an unused recovery code (deleted when it works). Each try
  /// counts as an attempt on the same count as the password (the trusted device cookie,
  /// else the name), and a success clears it and starts the session.
  @concurrent
  public func completeSignIn(
    _ challenge: SecondFactorChallenge, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<NewSession> {
    try await complete(challenge, code: code, startingSession: true) {
      passed, found throws(AuthError) in
      switch try await startSession(passed, gate: .answered, code: found) {
      case .done(let session): return .accepted(session)
      case .newPasswordRequired: return .newPasswordRequired(.init(passed: passed, code: found))
      case .challenged, .refused: return .refused(.expired)
      }
    }
  }

  /// Checks the password exactly as a sign-in does (throttle, device cookie, equal work,
  /// audit, rehash upward, a success clears the count it was charged to) but starts no
  /// session and leaves no cookie. An account with a second factor answers
  /// `AuthMessages.secondFactorRequired`, a refusal audited as such (this entry point takes
  /// no code); `beginVerify` asks for its code.
  @concurrent
  public func verify(request: SignInRequest) async throws(AuthError) -> Validation<User> {
    try await verify(request: request, exactName: false)
  }

  /// `verify`, for a caller whose name is the literal login name of another system
  /// (`verify --pam`: pam_exec and the program that called PAM take `PAM_USER` as it is,
  /// and Unix names are case-sensitive). With `exactName`, a name that is not already the
  /// account's canonical name byte for byte (not trimmed, not NFKC, not lower case) is
  /// refused, after the same throttle, work and audit as a wrong password. With `groups`,
  /// the right password of an account in none of them is refused as well (see
  /// `beginVerify(request:memberOfAny:)`).
  @concurrent
  public func verify(
    request: SignInRequest, exactName: Bool, memberOfAny groups: [GroupName] = []
  ) async throws(AuthError) -> Validation<User> {
    switch try await beginVerify(request, gate: .refuse, exactName: exactName, groups: groups) {
    case .valid(.verified(let user)): .valid(user)
    case .valid(.secondFactorRequired): .invalid(errorMessage: AuthMessages.secondFactorRequired)
    case .invalid(let message, let reason): .invalid(errorMessage: message, reason: reason)
    }
  }

  /// The first step of `verify`; for an account with a second factor, a challenge that
  /// `completeVerify` takes with a code.
  @concurrent
  public func beginVerify(
    request: SignInRequest
  ) async throws(AuthError) -> Validation<VerifyProgress> {
    try await beginVerify(request, gate: .challenge, exactName: false, groups: [])
  }

  /// `beginVerify`, for a caller that admits only the members of some groups (`verify
  /// --group`): the right password of an account in none of `groups` is refused with the
  /// one sign-in message, audited with that reason, after the same work as any check and
  /// before a second factor is asked for. An empty list admits every account.
  @concurrent
  public func beginVerify(
    request: SignInRequest, memberOfAny groups: [GroupName]
  ) async throws(AuthError) -> Validation<VerifyProgress> {
    try await beginVerify(request, gate: .challenge, exactName: false, groups: groups)
  }

  private func beginVerify(
    _ request: SignInRequest, gate: SecondFactorGate, exactName: Bool, groups: [GroupName]
  ) async throws(AuthError) -> Validation<VerifyProgress> {
    let checked = try await check(request, for: .verify, exactName: exactName)
    guard case .valid(let passed) = checked else {
      return .invalid(errorMessage: checked.errorMessage ?? AuthMessages.signInFailed)
    }
    switch try await verified(
      passed, gate: gate, code: nil, caller: request.caller, groups: groups)
    {
    case .done(let user): return .valid(.verified(user))
    case .challenged:
      return .valid(.secondFactorRequired(.init(passed: passed, startsSession: false)))
    case .newPasswordRequired: return Self.newPasswordRequired()
    case .refused: return .invalid(errorMessage: AuthMessages.signInFailed)
    }
  }

  /// The second step of `verify`, judged as `completeSignIn` judges it; starts no session.
  @concurrent
  public func completeVerify(
    _ challenge: SecondFactorChallenge, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<User> {
    try await complete(challenge, code: code, startingSession: false) {
      passed, found throws(AuthError) in
      switch try await verified(passed, gate: .answered, code: found) {
      case .done(let user): return .accepted(user)
      // Refused and audited as it settled; the challenge cannot complete: `verify` starts
      // nothing.
      case .newPasswordRequired:
        return .newPasswordRequired(.sample(username: passed.record.user.username))
      case .challenged, .refused: return .refused(.expired)
      }
    }
  }

  /// Starts the session of a passed check (and replaces the device cookie), unless the
  /// account asks for a code and `gate` stops there; with `code`, settles it in the same
  /// transaction.
  func startSession(
    _ passed: PasswordCheck.Passed, gate: SecondFactorGate, code: AcceptedCode? = nil,
    newHash: String? = nil
  ) async throws(AuthError) -> Finished<NewSession> {
    let pending = try PendingSession(tokens: tokens)
    let rules = policy.session
    let newCookie = deviceCookies == nil ? nil : try PendingSession(tokens: tokens)
    let cookieLifetime = policy.throttle.deviceCookieLifetime
    let trusted = passed.trustedCookie
    let finished = try await finish(
      passed, for: .signIn, gate: gate, code: code, newHash: newHash
    ) {
      user, now, context throws(AuthError) in
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
          detail: "session \(started.authenticated.session.id)"
            + (code == nil ? "" : " (second factor)")))
      return started
    }
    if case .done(let started) = finished, let newCookie {
      deviceCookies?.keep(
        newCookie.token, for: started.authenticated.user.id, replacing: trusted?.token)
    }
    return finished
  }

  /// Settles a passed `verify` check, unless the account asks for a code and `gate` stops
  /// there.
  private func verified(
    _ passed: PasswordCheck.Passed, gate: SecondFactorGate, code: AcceptedCode?,
    caller: String? = nil, groups: [GroupName] = []
  ) async throws(AuthError) -> Finished<User> {
    try await finish(
      passed, for: .verify, gate: gate, code: code, caller: caller, groups: groups
    ) {
      user, now, context throws(AuthError) in
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordVerified, userID: user.id, username: user.username,
          detail: "no session started" + (code == nil ? "" : " (second factor)")
            + (caller.map { " (\($0))" } ?? "")))
      return user
    }
  }

  /// The field rules, then the one password check every purpose shares; any refusal is
  /// the one sign-in message. With `exactName`, a name given otherwise than in its
  /// canonical form goes through the same check and is refused whatever the password.
  private func check(
    _ request: SignInRequest, for purpose: PasswordCheck.Purpose, exactName: Bool = false
  ) async throws(AuthError) -> Validation<PasswordCheck.Passed> {
    let validation = validate(request)
    guard let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else {
      let message = validation.username.errorMessage ?? validation.password.errorMessage
      return .invalid(errorMessage: message ?? AuthMessages.signInFailed)
    }
    // Bytes, not String's ==, which holds canonically equivalent spellings equal.
    let asGiven = !exactName || request.username.utf8.elementsEqual(username.canonical.utf8)
    guard
      case .passed(let passed) = try await passwords.check(
        password, of: .named(username), for: purpose,
        refusing: asGiven ? nil : "name not given in its canonical form", caller: request.caller)
    else { return .invalid(errorMessage: AuthMessages.signInFailed) }
    return .valid(passed)
  }

  /// Clears the count the attempt was charged to, stores an upgraded hash and runs
  /// `success`, unless the password changed, an operator locked the account or it expired
  /// since it was verified. A hash stored again meanwhile by a check beside this one (a rehash at a
  /// higher cost, or a kept hash replaced) is no change of password: the password is
  /// verified against it, outside the transaction, and the success settles once more.
  private func finish<Outcome: Sendable>(
    _ passed: PasswordCheck.Passed, for purpose: PasswordCheck.Purpose, gate: SecondFactorGate,
    code: AcceptedCode?, caller: String? = nil, groups: [GroupName] = [],
    newHash: String? = nil,
    _ success: @escaping @Sendable (User, Date, any AuthStoreContext) throws(AuthError) -> Outcome
  ) async throws(AuthError) -> Finished<Outcome> {
    var passed = passed
    var acceptingNewHash = true
    while true {
      switch try await settle(
        passed, for: purpose, gate: gate, code: code, caller: caller, groups: groups,
        acceptingNewHash: acceptingNewHash, newHash: newHash, success)
      {
      case .finished(let finished): return finished
      case .storedAgain(let hash):
        // Settled once more at most, and then a hash stored again is a change of password.
        acceptingNewHash = false
        if passwords.hasher.verify(passed.password, against: hash) {
          passed = passed.verified(against: hash)
        }
      }
    }
  }

  /// What one try to settle came to.
  private enum Settled<Outcome: Sendable>: Sendable {
    /// Settled, challenged or refused.
    case finished(Finished<Outcome>)
    /// The stored hash is not the one verified, and the account is not locked.
    case storedAgain(String)
  }

  /// One try of `finish`: with `acceptingNewHash`, a stored hash other than the verified
  /// one is answered `storedAgain` instead of refused.
  private func settle<Outcome: Sendable>(
    _ passed: PasswordCheck.Passed, for purpose: PasswordCheck.Purpose, gate: SecondFactorGate,
    code: AcceptedCode?, caller: String?, groups: [GroupName], acceptingNewHash: Bool,
    newHash: String?,
    _ success: @escaping @Sendable (User, Date, any AuthStoreContext) throws(AuthError) -> Outcome
  ) async throws(AuthError) -> Settled<Outcome> {
    let now = clock.now()
    let passwords = passwords
    let defaultWork = passwords.hasher.defaultWork
    let verified = passed.record
    let upgradedHash = passed.upgradedHash
    let userID = verified.user.id
    let name = verified.user.username
    let suffix = purpose.suffix(via: caller)
    return try await store.write { context throws(AuthError) -> Settled<Outcome> in
      guard let current = try context.userRecord(id: userID),
        current.passwordHash == verified.passwordHash, current.lock == nil,
        !current.isExpired(at: now)
      else {
        let stored = try context.userRecord(id: userID)
        let locked = stored?.lock != nil
        let expired = stored?.isExpired(at: now) == true
        if acceptingNewHash, !locked, !expired, let stored {
          return .storedAgain(stored.passwordHash)
        }
        let why = locked ? "locked by an operator" : expired ? "expired" : "password changed"
        try context.append(
          AuthEventDraft(
            time: now, kind: .signInFailed, userID: userID, username: name,
            detail: why + " during check" + suffix))
        return .finished(.refused)
      }
      // A right password of an account outside the groups asked for is refused here, in the
      // write a success takes anyway, so that it answers in the time of an admitted one; it
      // is no guess, so nothing is counted, and nothing is cleared either.
      if !groups.isEmpty, Set(groups).isDisjoint(with: try context.groups(of: userID)) {
        let names = groups.map(\.canonical).joined(separator: ", ")
        try context.append(
          AuthEventDraft(
            time: now, kind: .signInFailed, userID: userID, username: current.user.username,
            detail: (groups.count == 1 ? "not in group " : "not in any of groups ") + names
              + suffix))
        return .finished(.refused)
      }
      // The password alone never clears the count nor starts anything for an account that
      // asks for a code: the second step does both.
      if gate != .answered, try context.secondFactor(of: userID)?.state == .enabled {
        // Refused in this same transaction, so the answer takes no longer than a challenge.
        if gate == .refuse {
          try context.append(
            AuthEventDraft(
              time: now, kind: .signInFailed, userID: userID, username: current.user.username,
              detail: "second factor required, no code taken" + suffix))
        }
        return .finished(.challenged)
      }
      if current.passwordChangeRequired, newHash == nil {
        return .finished(
          try NewPasswordDemand.stop(
            current.user, refusing: purpose == .verify || gate == .refuse, at: now,
            detail: suffix, in: context))
      }
      if let code {
        try code.settle(for: userID, named: current.user.username, at: now, in: context)
      }
      var user = current.user
      if let newHash {
        user = try NewPasswordDemand.meet(
          current.user, with: newHash, replacing: verified.passwordHash,
          defaultWork: defaultWork, at: now, in: context)
      } else if let upgradedHash {
        try context.updatePasswordHash(upgradedHash.hash, for: userID, at: now)
        // The last kept hash above the default replaced: no sign-in needs the extra work.
        let lowered =
          upgradedHash.kind == .hashUpgraded
          ? try KeptHashWork.lowerIfNoneLeft(defaultWork: defaultWork, at: now, in: context)
          : false
        try context.append(
          AuthEventDraft(
            time: now, kind: upgradedHash.kind, userID: userID, username: name,
            detail: "hash upgraded from \(upgradedHash.from) to \(upgradedHash.to)"
              + (lowered ? "; sign-in work back to the default" : "")))
        user = try context.userRecord(id: userID)?.user ?? user
      }
      try passwords.recordSuccess(passed, in: context)
      return .finished(.done(try success(user, now, context)))
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
