import AuthViewModels

/// The start menu: Sign in, Sign up, Quit, under the notice of what just happened.
struct AuthenticateView<ViewModel: AuthenticateViewModelType>: LineView {
  private enum Choice { case signIn, signUp, quit }

  private static var menu: Menu<Choice> {
    Menu(title: "authcli", entries: [("Sign in", .signIn), ("Sign up", .signUp), ("Quit", .quit)])
  }

  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    if let notice = viewModel.outputs.notice { terminal.say(terminal.style.success(notice)) }
    guard let choice = Self.menu.choose(on: terminal) else { return .dismissed }
    switch choice {
    case .signIn: viewModel.inputs.signInTapped()
    case .signUp: viewModel.inputs.signUpTapped()
    case .quit: viewModel.inputs.quitTapped()
    }
    return .stepped
  }
}

extension AuthenticateViewModel: LineModeScene {
  func showLineMode(on terminal: LineTerminal) async {
    await SceneController(view: AuthenticateView<AuthenticateViewModel>(), terminal: terminal)
      .show(self)
  }
}
