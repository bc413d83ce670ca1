import AuthViewModels

/// The start menu: Sign in, Sign up, Quit, under the notice of what just happened.
struct AuthenticateView<ViewModel: ViewModelType>: LineView
where
  ViewModel.Input == SceneInput<AuthenticateInputs>, ViewModel.Output == AuthenticateOutputs
{
  private static var menu: Menu<AuthenticateInputs> {
    Menu(
      title: "authcli",
      entries: [
        ("Sign in", .signInChosen), ("Sign up", .signUpChosen), ("Quit", .quitChosen),
      ])
  }

  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    if let notice = viewModel.output.notice { terminal.say(terminal.style.success(notice)) }
    guard let choice = Self.menu.choose(on: terminal) else { return .dismissed }
    await viewModel.send(choice)
    return .stepped
  }
}
