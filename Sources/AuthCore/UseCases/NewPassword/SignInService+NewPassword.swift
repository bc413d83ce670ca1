#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SignInService {
  /// The one-step answer for an account that must choose a new password first.
  static func newPasswordRequired<Value>() -> Validation<Value> {
    .invalid(errorMessage: AuthMessages.passwordChangeRequired, reason: .passwordChangeRequired)
  }

  /// Sign-up's rules for the account's name, and not the password it replaces.
  public func validate(
    _ request: NewPasswordRequest, for challenge: NewPasswordChallenge
  ) -> NewPasswordValidation {
    challenge.validate(request, rules: policy.password)
  }

  /// The last step of a sign-in for an account that must choose a new password: checks it,
  /// then in one transaction stores its hash, clears the demand, ends the account's other
  /// sessions, settles the code the challenge carries and starts the session. If the
  /// password changed, the account was locked or the code was used since the check, nothing
  /// changes and the answer is `expired`.
  @concurrent
  public func completeSignIn(
    _ challenge: NewPasswordChallenge, newPassword request: NewPasswordRequest
  ) async throws(AuthError) -> NewPasswordAnswer {
    guard let passed = challenge.passed else { return .expired }
    let validation = validate(request, for: challenge)
    guard let replacement = validation.newPassword.asValidated, validation.isValid else {
      return .invalid(validation)
    }
    let newHash = try passwords.hasher.hashed(replacement)
    // Without a code, a factor turned on since the password step is asked for again.
    let gate: SecondFactorGate = challenge.code == nil ? .challenge : .answered
    do {
      switch try await startSession(passed, gate: gate, code: challenge.code, newHash: newHash) {
      case .done(let session): return .accepted(session)
      case .challenged, .refused, .newPasswordRequired: return .expired
      }
    } catch .secondFactor(.notEnrolled) {
      if let code = challenge.code {
        try await auditCodeFailure(passed, detail: code.reuseDetail)
      }
      return .expired
    }
  }
}

/// What settling a right password does for an account that must choose a new one.
enum NewPasswordDemand {
  /// Stops before anything is settled; a check that takes no new password (`verify`, the
  /// one-step sign-in) is refused and audited in the same transaction.
  static func stop<Outcome>(
    _ user: User, refusing: Bool, at now: Date, detail suffix: String,
    in context: any AuthStoreContext
  ) throws(AuthError) -> Finished<Outcome> {
    if refusing {
      try context.append(
        AuthEventDraft(
          time: now, kind: .signInFailed, user: user,
          detail: "new password required, none taken" + suffix))
    }
    return .newPasswordRequired
  }

  /// Stores the new hash, clears the demand and ends every session of the account (the new
  /// one starts after); returns the account as it now is. A kept hash it replaces may have
  /// been the last that needed the store's raised sign-in work, as on an upgrade at sign-in.
  static func meet(
    _ user: User, with newHash: String, replacing replaced: String, defaultWork: Int?,
    at now: Date, in context: any AuthStoreContext
  ) throws(AuthError) -> User {
    try context.updatePasswordHash(newHash, for: user.id, at: now)
    try context.setPasswordChangeRequired(false, for: user.id, at: now)
    let lowered =
      replaced.hasPrefix("$argon2id$")
      ? false : try KeptHashWork.lowerIfNoneLeft(defaultWork: defaultWork, at: now, in: context)
    let ended = try context.deleteSessions(of: user.id, except: nil)
    try context.append(
      AuthEventDraft(
        time: now, kind: .passwordChanged, user: user,
        detail: "new password chosen at sign-in; \(ended) other session(s) ended"
          + (lowered ? "; sign-in work back to the default" : "")))
    return try context.userRecord(id: user.id)?.user ?? user
  }
}
