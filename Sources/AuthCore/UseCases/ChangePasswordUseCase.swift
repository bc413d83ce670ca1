/// What a person typed to change their password.
public struct ChangePasswordRequest: Hashable, Sendable {
  /// The password in use now.
  public var currentPassword: String
  /// The new password.
  public var newPassword: String
  /// The new password typed again.
  public var confirmation: String
  /// Bundles the three fields.
  public init(currentPassword: String, newPassword: String, confirmation: String) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
    self.confirmation = confirmation
  }
}

/// The per-field checks of a password change.
public struct ChangePasswordValidation: Hashable, Sendable {
  /// The current password ("incorrect" after a submit).
  public var currentPassword: Validation<Password>
  /// The new password.
  public var newPassword: Validation<Password>
  /// The confirmation ("does not match").
  public var confirmation: Validation<Password>
  /// The three fields together.
  public init(
    currentPassword: Validation<Password>, newPassword: Validation<Password>,
    confirmation: Validation<Password>
  ) {
    self.currentPassword = currentPassword
    self.newPassword = newPassword
    self.confirmation = confirmation
  }
  /// Whether every field passed.
  public var isValid: Bool {
    currentPassword.isValid && newPassword.isValid && confirmation.isValid
  }
}

/// Why a password change refused the current password, which only the stored hash
/// and the throttle can tell: a front end chooses its answer (and an exit code) by case.
public enum CurrentPasswordRefusal: Hashable, Sendable, CustomStringConvertible {
  /// The current password does not verify (or changed while the request ran).
  case incorrect
  /// Too many wrong current passwords in a row for this account.
  case tooManyAttempts

  /// The words shown under the current-password field.
  public var description: String {
    switch self {
    case .incorrect: AuthMessages.currentPasswordIncorrect
    case .tooManyAttempts: AuthMessages.tooManyAttempts
    }
  }
}

/// The answer to a password change.
public enum ChangePasswordResult: Hashable, Sendable {
  /// Changed; every other session of the user ended (how many).
  case changed(endedSessions: Int)
  /// At least one field failed the rules.
  case invalid(ChangePasswordValidation)
  /// Every field passed the rules, but the current password was refused.
  case refused(CurrentPasswordRefusal)
}

/// Changes the signed-in user's password.
public protocol ChangePasswordUseCase: Sendable {
  /// Checks the fields as typed for a user; pure and cheap, for live feedback.
  func validate(_ request: ChangePasswordRequest, username: String) -> ChangePasswordValidation
  /// Verifies the current password, sets the new one, and ends every other session.
  /// Throws `AuthError.notSignedIn` for a dead token.
  func changePassword(
    token: SessionToken, request: ChangePasswordRequest
  ) async throws(AuthError)
    -> ChangePasswordResult
}
