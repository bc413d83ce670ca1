import AuthViewModels

/// The start menu: Sign in, Sign up, Quit, under the notice of what just happened.
struct AuthenticateView: LineView {
  private enum Choice { case signIn, signUp, quit }

  private static var menu: Menu<Choice> {
    Menu(title: "authcli", entries: [("Sign in", .signIn), ("Sign up", .signUp), ("Quit", .quit)])
  }

  func interact(
    with scene: SceneDriver<AuthenticateViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    if let notice = scene.outputs.notice { terminal.say(terminal.style.success(notice)) }
    guard let choice = Self.menu.choose(on: terminal) else { return .dismissed }
    switch choice {
    case .signIn: await scene.send(.signInTapped)
    case .signUp: await scene.send(.signUpTapped)
    case .quit: await scene.send(.quitTapped)
    }
    return .stepped
  }
}
