import AuthViewModels

/// Shows each scene the coordinator asks for with its line-mode view. The switch names every
/// scene, so a scene without a view does not compile.
@MainActor
final class LineModePresenter: ScenePresenter {
  private let terminal: LineTerminal

  /// Shows scenes on `terminal`.
  init(terminal: LineTerminal) {
    self.terminal = terminal
  }

  func present(_ scene: AuthScene) async {
    switch scene.shown {
    case .authenticate(let viewModel): await show(viewModel, in: AuthenticateView())
    case .signIn(let viewModel): await show(viewModel, in: SignInView())
    case .signUp(let viewModel): await show(viewModel, in: SignUpView())
    case .secondFactor(let viewModel): await show(viewModel, in: SecondFactorView())
    case .newPassword(let viewModel): await show(viewModel, in: NewPasswordView())
    case .account(let viewModel): await show(viewModel, in: AccountView())
    case .sessions(let viewModel): await show(viewModel, in: SessionsView())
    case .changePassword(let viewModel): await show(viewModel, in: ChangePasswordView())
    }
  }

  private func show<View: LineView>(_ viewModel: View.ViewModel, in view: View) async {
    await SceneController(view: view, terminal: terminal).show(viewModel)
  }
}
