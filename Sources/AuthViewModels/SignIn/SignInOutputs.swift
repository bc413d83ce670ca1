import AuthCore
import Observation

/// What the sign-in form shows.
@MainActor
@Observable
public final class SignInOutputs {
  /// Shows the username check once the field was edited (or a submit was tried).
  public internal(set) var usernameValidation: Validation<Username>?
  /// Shows the password check once the field was edited (or a submit was tried).
  public internal(set) var passwordValidation: Validation<Password>?
  /// Shows whether the form can be submitted: every field valid, nothing running.
  public internal(set) var isSignInEnabled: Bool
  /// Shows that a sign-in is running.
  public internal(set) var isLoading: Bool
  /// Shows why the last sign-in failed, in the one message the use case gives.
  public internal(set) var failure: SignInFailure?

  /// Shows the failure's message, if any.
  public var errorMessage: String? { failure?.description }

  /// Builds the outputs in a given state (view models and previews).
  public init(
    usernameValidation: Validation<Username>? = nil,
    passwordValidation: Validation<Password>? = nil,
    isSignInEnabled: Bool = false, isLoading: Bool = false, failure: SignInFailure? = nil
  ) {
    self.usernameValidation = usernameValidation
    self.passwordValidation = passwordValidation
    self.isSignInEnabled = isSignInEnabled
    self.isLoading = isLoading
    self.failure = failure
  }
}
