#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The operator's verbs on accounts, over the same ports and rules as sign-up and sign-in.
///
/// Passwords are hashed outside any transaction; each change re-reads the account under
/// the write lock, so a concurrent deletion is answered "no such account", never half done.
public struct AccountAdministrationService: AccountAdministrationUseCase {
  private let ports: OperatorPorts
  private let hasher: any PasswordHasher

  /// Takes the ports it works through and the rules it applies.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, clock: any WallClock,
    policy: AuthPolicy = .standard
  ) {
    ports = OperatorPorts(store: store, clock: clock, policy: policy)
    self.hasher = hasher
  }

  /// The sign-up rules for the username and the password (which may not contain it).
  public func validate(_ request: NewAccountRequest) -> NewAccountValidation {
    let (username, password) = ports.policy.checkNewAccount(
      username: request.username, password: request.password)
    return NewAccountValidation(username: username, password: password)
  }

  /// Creates the account and its audit event in one transaction; the schema decides a race.
  @concurrent
  public func addAccount(_ request: NewAccountRequest) async throws(AuthError) -> NewAccountResult {
    var validation = validate(request)
    guard validation.isValid, let username = validation.username.asValidated,
      let password = validation.password.asValidated
    else { return .invalid(validation) }
    let passwordHash = try hasher.hashed(password)
    let now = ports.clock.now()
    let user = try await ports.store.writeUnlessNameTaken { context throws(AuthError) in
      let user = try context.insertAccount(username: username, passwordHash: passwordHash, at: now)
      try context.append(
        AuthEventDraft(
          time: now, kind: .accountAdded, user: user, detail: "by an operator, no session"))
      return user
    }
    guard let user else {
      validation.username = .usernameTaken
      return .invalid(validation)
    }
    return .added(user)
  }

  /// Reads the account, its lock, throttle, latest sign-in and live sessions in one snapshot.
  public func account(named username: String) async throws(AuthError) -> AccountDetails {
    let now = ports.clock.now()
    let cutoff = ports.policy.throttle.forgetCutoff(at: now)
    let defaultWork = hasher.defaultWork
    return try await ports.read(named: username) { record, context throws(AuthError) in
      let throttle = try context.throttleState(for: record.user.username)
      let forgotten = throttle.isForgotten(at: now, failuresBefore: cutoff)
      var details = AccountDetails(
        user: record.user, lock: record.lock,
        failedAttempts: forgotten ? 0 : max(throttle.consecutiveFailures, 0),
        throttledUntil: throttle.isLocked(at: now) ? throttle.lockedUntil : nil,
        lastSignInAt: try context.latestEventTime(
          of: record.user.id, kinds: [.signInSucceeded, .signUp]),
        activeSessions: try context.sessions(of: record.user.id).filter { $0.isActive(at: now) }
      )
      let stored = try? LegacyPasswordHash(parsing: record.passwordHash)
      details.passwordScheme = stored?.scheme
      details.passwordWork = stored?.work
      let raised = try context.raisedSignInWork()
      details.signInWork = defaultWork.map { max($0, raised ?? 0) }
      details.groups = try context.groups(of: record.user.id)
      details.expiresAt = record.expiresAt
      details.passwordChangeRequired = record.passwordChangeRequired
      return details
    }
  }

  /// Ends the sessions, forgets the name's throttle state and deletes the account.
  public func deleteAccount(named username: String) async throws(AuthError) -> AccountChange {
    try await change(username, kind: .accountDeleted) { record, now, context throws(AuthError) in
      let ended = try context.deleteSessions(of: record.user.id, except: nil)
      try context.clearThrottleState(for: record.user.username)
      try context.deleteUser(record.user.id)
      return (ended, "\(ended) session(s) ended")
    }
  }

  /// Stores the lock (keeping the first lock's time when one stands) and ends the sessions.
  public func lockAccount(
    named username: String, reason: String
  ) async throws(AuthError) -> AccountChange {
    guard reason.count <= AccountLock.maximumReasonLength else {
      throw .administration(.lockReasonTooLong(maximum: AccountLock.maximumReasonLength))
    }
    return try await change(username, kind: .accountLocked) {
      record, now, context throws(AuthError) in
      let lock = AccountLock(lockedAt: record.lock?.lockedAt ?? now, reason: reason)
      try context.setLock(lock, for: record.user.id, at: now)
      let ended = try context.deleteSessions(of: record.user.id, except: nil)
      let detail = "\(ended) session(s) ended" + (reason.isEmpty ? "" : "; reason: \(reason)")
      return (ended, detail)
    }
  }

  /// Stores the expiry; one already come ends the sessions as a lock does, and one to come
  /// leaves them to their own lifetimes.
  public func setExpiry(
    named username: String, to expiresAt: Date?
  ) async throws(AuthError) -> AccountChange {
    try await change(username, kind: .accountExpirySet) { record, now, context throws(AuthError) in
      try context.setExpiry(expiresAt, for: record.user.id, at: now)
      guard let expiresAt else { return (0, "never expires") }
      let day = CalendarDay(containing: expiresAt)
      let when =
        day.start == expiresAt
        ? "expires on \(day)" : "expires at \(Int64(expiresAt.timeIntervalSince1970)) s"
      guard now >= expiresAt else { return (0, when) }
      let ended = try context.deleteSessions(of: record.user.id, except: nil)
      return (ended, when + "; \(ended) session(s) ended")
    }
  }

  /// Lifts the lock and clears the throttle, whichever of them stood.
  public func unlockAccount(named username: String) async throws(AuthError) -> AccountChange {
    try await change(username, kind: .accountUnlocked) { record, now, context throws(AuthError) in
      if record.lock != nil { try context.setLock(nil, for: record.user.id, at: now) }
      try context.clearThrottleState(for: record.user.username)
      // Both locks: the name's for untrusted clients, and every device cookie's own.
      try context.clearDeviceCookieThrottles(of: record.user.id)
      return (0, record.lock == nil ? "was not locked; throttle cleared" : "throttle cleared")
    }
  }

  /// Checks and hashes the new password, then stores it and ends every session.
  @concurrent
  public func resetPassword(
    named username: String, to password: String
  ) async throws(AuthError) -> Validation<AccountChange> {
    let existing = try await ports.read(named: username) { record, _ in record }
    let checked = Password.validate(
      password, username: existing.user.username, rules: ports.policy.password)
    guard let replacement = checked.asValidated else {
      return .invalid(
        errorMessage: checked.errorMessage ?? AuthMessages.enterPassword,
        reason: checked.reason ?? .unspecified)
    }
    let newHash = try hasher.hashed(replacement)
    let changed = try await change(username, kind: .passwordReset) {
      record, now, context throws(AuthError) in
      try context.updatePasswordHash(newHash, for: record.user.id, at: now)
      // As `passwd` run by root: the password set is the account's new one.
      if record.passwordChangeRequired {
        try context.setPasswordChangeRequired(false, for: record.user.id, at: now)
      }
      let ended = try context.deleteSessions(of: record.user.id, except: nil)
      return (ended, "\(ended) session(s) ended")
    }
    return .valid(changed)
  }

  /// Sets the demand (again, when it stands: the audit trail records each request).
  public func requireNewPassword(
    named username: String
  ) async throws(AuthError) -> PasswordChangeDemand {
    try await ports.write(named: username) { record, now, context throws(AuthError) in
      let user = record.user
      try context.setPasswordChangeRequired(true, for: user.id, at: now)
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordChangeRequired, user: user,
          detail: record.passwordChangeRequired ? "was required already" : "at next sign-in"))
      return PasswordChangeDemand(user: user, wasRequired: record.passwordChangeRequired)
    }
  }

  /// What `change` applies to an account inside its transaction; it answers the sessions
  /// ended and the event's detail.
  private typealias Change =
    @Sendable (UserRecord, Date, any AuthStoreContext) throws(AuthError) -> (Int, String)

  /// Finds the account under the write lock, applies `work` and appends its audit event,
  /// all in one transaction.
  private func change(
    _ username: String, kind: AuthEventKind, _ work: @escaping Change
  ) async throws(AuthError) -> AccountChange {
    try await ports.write(named: username) { record, now, context throws(AuthError) in
      let (ended, detail) = try work(record, now, context)
      // After a deletion the account id no longer exists; the event keeps the name only.
      let userID = kind == .accountDeleted ? nil : record.user.id
      try context.append(
        AuthEventDraft(
          time: now, kind: kind, userID: userID, username: record.user.username, detail: detail))
      return AccountChange(user: record.user, endedSessions: ended, wasLocked: record.lock != nil)
    }
  }
}
