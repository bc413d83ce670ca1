import AuthCore

/// The factory over the four use cases: every view model gets the ones it needs.
public struct UseCaseViewModelFactory: ViewModelFactory {
  private let authentication: any AuthenticationUseCase
  private let signUp: any SignUpUseCase
  private let sessions: any SessionUseCase
  private let changePassword: any ChangePasswordUseCase

  /// Takes the use cases the view models will call; callable from any context,
  /// so a composition root can build it before it runs the flow.
  public nonisolated init(
    authentication: any AuthenticationUseCase, signUp: any SignUpUseCase,
    sessions: any SessionUseCase, changePassword: any ChangePasswordUseCase
  ) {
    self.authentication = authentication
    self.signUp = signUp
    self.sessions = sessions
    self.changePassword = changePassword
  }

  /// A start scene with its notice.
  public func makeAuthenticate(notice: String?) -> AuthenticateViewModel {
    AuthenticateViewModel(notice: notice)
  }
  /// A sign-in form over the authentication use case.
  public func makeSignIn() -> SignInViewModel { SignInViewModel(authentication: authentication) }
  /// A sign-up form over the sign-up use case.
  public func makeSignUp() -> SignUpViewModel { SignUpViewModel(signUp: signUp) }
  /// A home scene over the session use case.
  public func makeAccount(token: SessionToken) -> AccountViewModel {
    AccountViewModel(token: token, sessions: sessions)
  }
  /// A sessions list over the session use case.
  public func makeSessions(token: SessionToken) -> SessionsViewModel {
    SessionsViewModel(token: token, sessions: sessions)
  }
  /// A password-change form over the password-change and session use cases.
  public func makeChangePassword(token: SessionToken) -> ChangePasswordViewModel {
    ChangePasswordViewModel(token: token, changePassword: changePassword, sessions: sessions)
  }
}
