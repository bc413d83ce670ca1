import AuthCore
import Observation

/// What the sign-up form shows.
@MainActor
@Observable
public final class SignUpOutputs {
  /// Shows the username check once edited, including "taken" after a submit.
  public internal(set) var usernameValidation: Validation<Username>?
  /// Shows the password check once edited: length, too common, contains the username.
  public internal(set) var passwordValidation: Validation<Password>?
  /// Shows the confirmation check once edited: "does not match".
  public internal(set) var confirmationValidation: Validation<Password>?
  /// Shows whether the form can be submitted: every field valid, nothing running.
  public internal(set) var isSignUpEnabled: Bool
  /// Shows that the account is being created.
  public internal(set) var isLoading: Bool
  /// Shows why the last submit failed for a reason outside the fields.
  public internal(set) var failure: SignUpFailure?

  /// Shows the failure's message, if any.
  public var errorMessage: String? { failure?.description }

  /// Builds the outputs in a given state (view models and previews).
  public init(
    usernameValidation: Validation<Username>? = nil,
    passwordValidation: Validation<Password>? = nil,
    confirmationValidation: Validation<Password>? = nil, isSignUpEnabled: Bool = false,
    isLoading: Bool = false, failure: SignUpFailure? = nil
  ) {
    self.usernameValidation = usernameValidation
    self.passwordValidation = passwordValidation
    self.confirmationValidation = confirmationValidation
    self.isSignUpEnabled = isSignUpEnabled
    self.isLoading = isLoading
    self.failure = failure
  }
}
