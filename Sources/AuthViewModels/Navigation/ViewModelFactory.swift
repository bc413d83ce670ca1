import AuthCore

/// Builds the view model of each scene; the composition root decides with what.
@MainActor
public protocol ViewModelFactory {
  /// The start scene's view model, showing an optional notice (such as "Signed out.").
  func makeAuthenticate(notice: String?) -> AuthenticateViewModel
  /// The sign-in form's view model.
  func makeSignIn() -> SignInViewModel
  /// The sign-up form's view model.
  func makeSignUp() -> SignUpViewModel
  /// The home scene's view model for a session.
  func makeAccount(token: SessionToken) -> AccountViewModel
  /// The sessions list's view model for a session.
  func makeSessions(token: SessionToken) -> SessionsViewModel
  /// The password-change form's view model for a session.
  func makeChangePassword(token: SessionToken) -> ChangePasswordViewModel
}
