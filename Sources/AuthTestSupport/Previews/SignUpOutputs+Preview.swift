import AuthCore
import AuthViewModels

extension SignUpOutputs {
  /// The states a sign-up view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Every field typed and refused.
    case invalidFields
    /// The username was taken at submit.
    case usernameTaken
    /// Every field valid; submit enabled.
    case ready
    /// Creating the account.
    case loading
    /// The database was busy.
    case failed
  }

  /// Outputs in a given state, with the sample user's name.
  public static func preview(_ state: PreviewState) -> SignUpOutputs {
    let username = Username.validate(SampleData.user.username)
    let password = Validation<Password>.valid(Password("correct horse battery staple"))
    switch state {
    case .empty:
      return SignUpOutputs()
    case .invalidFields:
      return SignUpOutputs(
        usernameValidation: .invalid(errorMessage: StubRules.usernameTooShort),
        passwordValidation: .invalid(errorMessage: StubRules.passwordTooCommon),
        confirmationValidation: .invalid(errorMessage: StubRules.passwordsDoNotMatch))
    case .usernameTaken:
      return SignUpOutputs(
        usernameValidation: .invalid(errorMessage: AuthMessages.usernameTaken),
        passwordValidation: password, confirmationValidation: password)
    case .ready:
      return SignUpOutputs(
        usernameValidation: username, passwordValidation: password,
        confirmationValidation: password, isSignUpEnabled: true)
    case .loading:
      return SignUpOutputs(
        usernameValidation: username, passwordValidation: password,
        confirmationValidation: password, isLoading: true)
    case .failed:
      return SignUpOutputs(
        usernameValidation: username, passwordValidation: password,
        confirmationValidation: password, isSignUpEnabled: true, failure: .busy)
    }
  }
}
