#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Changes the signed-in user's password and ends every other session.
///
/// The current password is checked as `SignedInAccount` checks it, exactly as a sign-in
/// checks a password. Verifying and hashing run outside transactions; the new hash and the
/// ending of the other sessions are one write transaction.
public struct ChangePasswordService: ChangePasswordUseCase {
  private let account: SignedInAccount
  private let hasher: any PasswordHasher
  private let policy: AuthPolicy

  /// Takes the ports it works through and the rules it applies. With `deviceCookies`, the
  /// client's cookie for the signed-in account is presented, as a sign-in presents it.
  public init(
    store: any AuthStore, hasher: any PasswordHasher, tokens: any TokenSource,
    clock: any WallClock, policy: AuthPolicy = .standard,
    deviceCookies: (any DeviceCookieJar)? = nil,
    legacyVerifier: (any LegacyPasswordVerifier)? = nil
  ) {
    self.account = SignedInAccount(
      store: store, hasher: hasher, tokens: tokens, clock: clock, policy: policy,
      deviceCookies: deviceCookies, legacyVerifier: legacyVerifier)
    self.hasher = hasher
    self.policy = policy
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
  ) async throws(AuthError)
    -> ChangePasswordResult
  {
    let tokenHash = try account.resolver.hash(of: token)
    let found = try await account.read(tokenHash: tokenHash) { found, _ in found }
    let validation = validate(request, username: found.user.username)
    guard let current = validation.currentPassword.asValidated,
      let replacement = validation.newPassword.asValidated, validation.isValid
    else { return .invalid(validation) }

    let passed: PasswordCheck.Passed
    switch try await account.checkCurrentPassword(current, of: found.user, for: .passwordChange) {
    case .passed(let verified): passed = verified
    case .refused(let refusal): return .refused(refusal)
    }
    let newHash = try hasher.hashed(replacement)
    let ended = try await replaceHash(of: passed, with: newHash, keeping: tokenHash)
    guard let ended else { return .refused(.incorrect) }
    return .changed(endedSessions: ended)
  }

  /// Stores the new hash and ends the other sessions, if the session still lives
  /// and the hash did not change meanwhile; returns how many sessions ended.
  private func replaceHash(
    of passed: PasswordCheck.Passed, with newHash: String, keeping hash: TokenHash
  )
    async throws(AuthError) -> Int?
  {
    let now = account.clock.now()
    let resolver = account.resolver
    let passwords = account.passwords
    let record = passed.record
    let user = record.user
    return try await account.store.write { context throws(AuthError) -> Int? in
      let current = try resolver.resolve(hash, at: now, in: context)
      guard let stored = try context.userRecord(id: user.id),
        stored.passwordHash == record.passwordHash
      else { return nil }
      try passwords.recordSuccess(passed, in: context)
      try context.updatePasswordHash(newHash, for: user.id, at: now)
      if stored.passwordChangeRequired {
        try context.setPasswordChangeRequired(false, for: user.id, at: now)
      }
      let ended = try context.deleteSessions(of: user.id, except: current.session.id)
      try context.append(
        AuthEventDraft(
          time: now, kind: .passwordChanged, user: user, detail: "\(ended) other session(s) ended"))
      return ended
    }
  }
}
