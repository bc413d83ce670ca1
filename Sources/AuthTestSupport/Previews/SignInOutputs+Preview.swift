import AuthCore
import AuthViewModels

extension SignInOutputs {
  /// The states a sign-in view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Both fields typed and refused.
    case invalidFields
    /// Both fields valid; submit enabled.
    case ready
    /// Signing in.
    case loading
    /// The sign-in was refused.
    case failed
  }

  /// Outputs in a given state, with the sample user's name.
  public static func preview(_ state: PreviewState) -> SignInOutputs {
    let username = Username.validate(SampleData.user.username)
    let password = Validation<Password>.valid(Password("correct horse battery staple"))
    switch state {
    case .empty:
      return SignInOutputs()
    case .invalidFields:
      return SignInOutputs(
        usernameValidation: .invalid(errorMessage: StubRules.usernameTooShort),
        passwordValidation: .invalid(errorMessage: StubRules.enterYourPassword))
    case .ready:
      return SignInOutputs(
        usernameValidation: username, passwordValidation: password, isSignInEnabled: true)
    case .loading:
      return SignInOutputs(
        usernameValidation: username, passwordValidation: password, isLoading: true)
    case .failed:
      return SignInOutputs(
        usernameValidation: username, passwordValidation: password, isSignInEnabled: true,
        failure: .refused)
    }
  }
}
