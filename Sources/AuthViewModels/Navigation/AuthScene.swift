import AuthCore

/// A scene the coordinator asks a front end to show: which one, with its view model.
@MainActor
public enum AuthScene {
  /// The start: sign in, sign up, or quit.
  case authenticate(AuthenticateViewModel)
  /// The sign-in form.
  case signIn(SignInViewModel)
  /// The sign-up form.
  case signUp(SignUpViewModel)
  /// The home once signed in.
  case account(AccountViewModel)
  /// The signed-in user's sessions.
  case sessions(SessionsViewModel)
  /// The password-change form.
  case changePassword(ChangePasswordViewModel)

  /// Which scene this is, without its view model.
  public var route: AuthRoute {
    switch self {
    case .authenticate: .authenticate
    case .signIn: .signIn
    case .signUp: .signUp
    case .account: .account
    case .sessions: .sessions
    case .changePassword: .changePassword
    }
  }

  /// The navigator of the scene's view model.
  public var navigator: Stepper<AuthStep> {
    switch self {
    case .authenticate(let viewModel): viewModel.navigator
    case .signIn(let viewModel): viewModel.navigator
    case .signUp(let viewModel): viewModel.navigator
    case .account(let viewModel): viewModel.navigator
    case .sessions(let viewModel): viewModel.navigator
    case .changePassword(let viewModel): viewModel.navigator
    }
  }

  /// Passes a lifecycle event to the scene's view model (for example
  /// `.dismissed` when a line-mode front end reaches the end of its input).
  public func send(lifecycle event: SceneLifecycle) async {
    switch self {
    case .authenticate(let viewModel): await viewModel.send(lifecycle: event)
    case .signIn(let viewModel): await viewModel.send(lifecycle: event)
    case .signUp(let viewModel): await viewModel.send(lifecycle: event)
    case .account(let viewModel): await viewModel.send(lifecycle: event)
    case .sessions(let viewModel): await viewModel.send(lifecycle: event)
    case .changePassword(let viewModel): await viewModel.send(lifecycle: event)
    }
  }
}
