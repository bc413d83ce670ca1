import AuthCore
import Observation

/// What the password-change form shows.
@MainActor
@Observable
public final class ChangePasswordOutputs {
  /// Shows the current-password check once edited, including "incorrect" after a submit.
  public internal(set) var currentPasswordValidation: Validation<Password>?
  /// Shows the new-password check once edited: length, too common, contains the username.
  public internal(set) var newPasswordValidation: Validation<Password>?
  /// Shows the confirmation check once edited: "does not match".
  public internal(set) var confirmationValidation: Validation<Password>?
  /// Shows whether the form can be submitted: every field valid, nothing running.
  public internal(set) var isChangeEnabled: Bool
  /// Shows that the account is being loaded or the password is being changed.
  public internal(set) var isLoading: Bool
  /// Shows how many other sessions ended, once the password was changed.
  public internal(set) var endedSessions: Int?
  /// Shows why the last submit failed for a reason outside the fields.
  public internal(set) var failure: ChangePasswordFailure?

  /// Shows the failure's message, if any.
  public var errorMessage: String? { failure?.description }

  /// Builds the outputs in a given state (view models and previews).
  public init(
    currentPasswordValidation: Validation<Password>? = nil,
    newPasswordValidation: Validation<Password>? = nil,
    confirmationValidation: Validation<Password>? = nil, isChangeEnabled: Bool = false,
    isLoading: Bool = false, endedSessions: Int? = nil, failure: ChangePasswordFailure? = nil
  ) {
    self.currentPasswordValidation = currentPasswordValidation
    self.newPasswordValidation = newPasswordValidation
    self.confirmationValidation = confirmationValidation
    self.isChangeEnabled = isChangeEnabled
    self.isLoading = isLoading
    self.endedSessions = endedSessions
    self.failure = failure
  }
}
