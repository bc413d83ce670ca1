import AuthCore
import AuthViewModels

extension ChangePasswordOutputs {
  /// The states a password-change view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Every field typed and refused.
    case invalidFields
    /// Every field valid; submit enabled.
    case ready
    /// Changing the password.
    case loading
    /// Changed; two other sessions ended.
    case changed
  }

  /// Outputs in a given state.
  public static func preview(_ state: PreviewState) -> ChangePasswordOutputs {
    let current = Validation<Password>.valid(Password("correct horse battery staple"))
    let new = Validation<Password>.valid(Password("a brand new long passphrase"))
    switch state {
    case .empty:
      return ChangePasswordOutputs()
    case .invalidFields:
      return ChangePasswordOutputs(
        currentPasswordValidation: .invalid(errorMessage: StubRules.enterCurrentPassword),
        newPasswordValidation: .invalid(errorMessage: StubRules.passwordContainsUsername),
        confirmationValidation: .invalid(errorMessage: StubRules.passwordsDoNotMatch))
    case .ready:
      return ChangePasswordOutputs(
        currentPasswordValidation: current, newPasswordValidation: new,
        confirmationValidation: new, isChangeEnabled: true)
    case .loading:
      return ChangePasswordOutputs(
        currentPasswordValidation: current, newPasswordValidation: new,
        confirmationValidation: new, isLoading: true)
    case .changed:
      return ChangePasswordOutputs(
        currentPasswordValidation: current, newPasswordValidation: new,
        confirmationValidation: new, isChangeEnabled: true, endedSessions: 2)
    }
  }
}
