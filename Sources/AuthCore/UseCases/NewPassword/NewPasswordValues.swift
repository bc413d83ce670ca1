/// The new password a sign-in asks for, as typed, with its confirmation (it prints
/// redacted: see RedactedRequests.swift).
public struct NewPasswordRequest: Hashable, Sendable {
  /// The new password.
  public var newPassword: String
  /// The new password typed again (a script gives the same line twice).
  public var confirmation: String
  /// Bundles the two fields.
  public init(newPassword: String, confirmation: String) {
    self.newPassword = newPassword
    self.confirmation = confirmation
  }
}

/// The per-field checks of a new password at sign-in: sign-up's rules, and not the
/// password it replaces.
public struct NewPasswordValidation: Hashable, Sendable {
  /// The new password.
  public var newPassword: Validation<Password>
  /// The confirmation ("does not match").
  public var confirmation: Validation<Password>
  /// Both fields together.
  public init(newPassword: Validation<Password>, confirmation: Validation<Password>) {
    self.newPassword = newPassword
    self.confirmation = confirmation
  }
  /// Whether every field passed.
  public var isValid: Bool { newPassword.isValid && confirmation.isValid }
}

/// Proof that the password (and the code, for an account with a second factor) was right
/// for an account that must choose a new password before a session starts: what the last
/// step of such a sign-in needs, held by the client, never stored. Only the sign-in service
/// makes a real one; a `sample` (for previews and tests of views) is refused as expired.
public struct NewPasswordChallenge: Hashable, Sendable, CustomStringConvertible {
  /// The account's canonical name, to show and to check the new password against.
  public var username: String { proof.username }
  let proof: PassedPassword
  /// The code that matched, settled with the new password so it is used once.
  let code: AcceptedCode?
  var passed: PasswordCheck.Passed? { proof.passed }

  init(passed: PasswordCheck.Passed, code: AcceptedCode?) {
    self.proof = PassedPassword(passed)
    self.code = code
  }

  /// A challenge for previews and view tests; the real services refuse it as expired.
  public static func sample(username: String) -> NewPasswordChallenge {
    NewPasswordChallenge(proof: PassedPassword(sampleFor: username), code: nil)
  }

  private init(proof: PassedPassword, code: AcceptedCode?) {
    self.proof = proof
    self.code = code
  }

  /// Names the account only.
  public var description: String { "NewPasswordChallenge(\(username))" }

  /// Two challenges are the same when they are for the same account as read (the code is
  /// settled with the new password, and is not what tells two challenges apart).
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.proof == rhs.proof }
  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) { hasher.combine(proof) }

  /// Checks a new password as typed: sign-up's rules for this name, then that it is not
  /// the password it replaces (compared after NFKC, as a sign-in compares).
  func validate(
    _ request: NewPasswordRequest, rules: PasswordRules
  ) -> NewPasswordValidation {
    var newPassword = Password.validate(request.newPassword, username: username, rules: rules)
    if let chosen = newPassword.asValidated, let passed, chosen == passed.password {
      newPassword = .invalid(
        errorMessage: AuthMessages.newPasswordSameAsCurrent, reason: .sameAsCurrent)
    }
    return NewPasswordValidation(
      newPassword: newPassword,
      confirmation: Password.validateConfirmation(request.confirmation, of: request.newPassword))
  }
}

/// The answer of the new-password step of a sign-in.
public enum NewPasswordAnswer: Hashable, Sendable {
  /// The new password is stored and the session started.
  case accepted(NewSession)
  /// A field failed the rules; every field's result is given, and nothing changed.
  case invalid(NewPasswordValidation)
  /// The password changed, the account was locked or its code was used since the check
  /// (or the challenge is a sample): sign in again.
  case expired
}
