#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Changes the signed-in user's password and ends every other session.
///
/// A wrong current password counts against the same per-name throttle as a
/// failed sign-in, so a stolen session cannot be used to guess the password.
/// Verifying and hashing run outside transactions; the new hash and the ending
/// of the other sessions are one write transaction.
public struct ChangePasswordService: ChangePasswordUseCase {
  private let store: any AuthStore
  private let hasher: any PasswordHasher
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let resolver: SessionResolver

  /// Takes the ports it works through and the rules it applies.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard
  ) {
    self.store = store
    self.hasher = hasher
    self.clock = clock
    self.policy = policy
    self.resolver = SessionResolver(tokens: tokens, rules: policy.session)
  }

  /// Checks the fields: a current password typed, a new one that passes the
  /// rules for this username, and a matching confirmation.
  public func validate(
    _ request: ChangePasswordRequest, username: String
  )
    -> ChangePasswordValidation
  {
    ChangePasswordValidation(
      currentPassword: Password.validateEntered(
        request.currentPassword, emptyMessage: AuthMessages.enterCurrentPassword),
      newPassword: Password.validate(
        request.newPassword, username: username, rules: policy.password),
      confirmation: Password.validateConfirmation(request.confirmation, of: request.newPassword))
  }

  /// Verifies the current password, stores the new hash and ends the other sessions.
  @concurrent
  public func changePassword(
    token: SessionToken, request: ChangePasswordRequest
  ) async throws
    -> ChangePasswordResult
  {
    let hash = try resolver.hash(of: token)
    let resolver = resolver
    let startedAt = clock.now()
    let found = try await store.read { context in
      try resolver.resolve(hash, at: startedAt, in: context)
    }
    let validation = validate(request, username: found.user.username)
    guard let current = validation.currentPassword.asValidated,
      let replacement = validation.newPassword.asValidated, validation.isValid
    else { return .invalid(validation) }

    guard let record = try await reserveAttempt(for: found.user) else {
      try await audit(.signInFailed, found.user, "locked (password change)")
      return .refused(.tooManyAttempts)
    }
    guard hasher.verify(current, against: record.passwordHash) else {
      try await audit(.signInFailed, found.user, "wrong current password (password change)")
      return .refused(.incorrect)
    }
    let newHash = try hasher.hash(replacement)
    let ended = try await replaceHash(of: record, with: newHash, keeping: hash)
    guard let ended else { return .refused(.incorrect) }
    return .changed(endedSessions: ended)
  }

  /// Counts the attempt against the throttle; `nil` when the name is locked.
  private func reserveAttempt(for user: User) async throws -> UserRecord? {
    let now = clock.now()
    let throttle = SignInThrottle(rules: policy.throttle)
    return try await store.write { context in
      guard try throttle.reserveAttempt(for: user.username, at: now, in: context) else {
        return nil
      }
      return try context.userRecord(id: user.id)
    }
  }

  /// Stores the new hash and ends the other sessions, if the session still lives
  /// and the hash did not change meanwhile; returns how many sessions ended.
  private func replaceHash(
    of record: UserRecord, with newHash: String, keeping hash: TokenHash
  )
    async throws -> Int?
  {
    let now = clock.now()
    let resolver = resolver
    let throttle = SignInThrottle(rules: policy.throttle)
    let user = record.user
    return try await store.write { context -> Int? in
      let current = try resolver.resolve(hash, at: now, in: context)
      guard try context.userRecord(id: user.id)?.passwordHash == record.passwordHash else {
        return nil
      }
      try throttle.recordSuccess(for: user.username, in: context)
      try context.updatePasswordHash(newHash, for: user.id, at: now)
      let ended = try context.deleteSessions(of: user.id, except: current.session.id)
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordChanged, userID: user.id, username: user.username,
          detail: "\(ended) other session(s) ended"))
      return ended
    }
  }

  private func audit(_ kind: AuthEventKind, _ user: User, _ detail: String) async throws {
    let event = AuthEventDraft(
      time: clock.now(), kind: kind, userID: user.id, username: user.username, detail: detail)
    try await store.write { context in try context.append(event) }
  }
}
