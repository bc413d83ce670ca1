import AuthViewModels

/// Shows each scene the coordinator asks for with its line-mode view.
@MainActor
final class LineModePresenter: ScenePresenter {
  private let terminal: LineTerminal

  /// Shows scenes on `terminal`.
  init(terminal: LineTerminal) {
    self.terminal = terminal
  }

  func present(_ scene: AuthScene) async {
    switch scene {
    case .authenticate(let viewModel):
      await SceneController(view: AuthenticateView<AuthenticateViewModel>(), terminal: terminal)
        .show(viewModel)
    case .signIn(let viewModel):
      await SceneController(view: SignInView<SignInViewModel>(), terminal: terminal)
        .show(viewModel)
    case .signUp(let viewModel):
      await SceneController(view: SignUpView<SignUpViewModel>(), terminal: terminal)
        .show(viewModel)
    case .account(let viewModel):
      await SceneController(view: AccountView<AccountViewModel>(), terminal: terminal)
        .show(viewModel)
    case .sessions(let viewModel):
      await SceneController(view: SessionsView<SessionsViewModel>(), terminal: terminal)
        .show(viewModel)
    case .changePassword(let viewModel):
      await SceneController(
        view: ChangePasswordView<ChangePasswordViewModel>(), terminal: terminal
      ).show(viewModel)
    }
  }
}
