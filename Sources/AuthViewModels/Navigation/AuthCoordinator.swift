import AuthCore

/// The flow of scenes: Authenticate → Sign in ⇄ Sign up → Account → Sessions or
/// Change password → back to Account; signing out returns to Authenticate;
/// quitting ends the flow.
///
/// Front-end independent: it builds each view model through the factory, asks
/// the presenter to show its scene, awaits the scene's next step, and routes
/// with `AuthRoute.after(_:isSignedIn:)`. It holds the token of the current
/// session and reports every change so the front end can keep or forget it.
@MainActor
public final class AuthCoordinator {
  /// The token of the session the flow is in, if any.
  public private(set) var token: SessionToken?
  /// Every scene presented, oldest first.
  public private(set) var presented: [AuthRoute] = []
  private let factory: any ViewModelFactory
  private let presenter: any ScenePresenter
  private let tokenDidChange: @MainActor (SessionToken?) -> Void

  /// Sets up the flow, starting signed in when a token is given (the account
  /// scene checks it and falls back to the start when it is dead).
  public init(
    factory: any ViewModelFactory, presenter: any ScenePresenter, token: SessionToken? = nil,
    tokenDidChange: @escaping @MainActor (SessionToken?) -> Void = { _ in }
  ) {
    self.factory = factory
    self.presenter = presenter
    self.token = token
    self.tokenDidChange = tokenDidChange
  }

  /// Runs the flow until the user quits or a scene's task is cancelled.
  public func start() async {
    var route: AuthRoute? = token == nil ? .authenticate : .account
    var notice: String?
    while let current = route {
      let scene = makeScene(current, notice: notice)
      presented.append(scene.route)
      await presenter.present(scene)
      guard let step = await scene.navigator.next() else { return }
      notice = Self.notice(after: step)
      apply(step)
      route = AuthRoute.after(step, isSignedIn: token != nil)
    }
  }

  /// The scene for a route; a route that needs a session leads to the start without one.
  private func makeScene(_ route: AuthRoute, notice: String?) -> AuthScene {
    switch (route, token) {
    case (.signIn, _): .signIn(factory.makeSignIn())
    case (.signUp, _): .signUp(factory.makeSignUp())
    case (.account, let token?): .account(factory.makeAccount(token: token))
    case (.sessions, let token?): .sessions(factory.makeSessions(token: token))
    case (.changePassword, let token?): .changePassword(factory.makeChangePassword(token: token))
    case (.authenticate, _), (.account, nil), (.sessions, nil), (.changePassword, nil):
      .authenticate(factory.makeAuthenticate(notice: notice))
    }
  }

  private func apply(_ step: AuthStep) {
    switch step {
    case .userDidSignIn(let session), .userDidSignUp(let session):
      token = session.token
      tokenDidChange(session.token)
    case .userDidSignOut, .userIsNotSignedIn:
      token = nil
      tokenDidChange(nil)
    default:
      break
    }
  }

  private static func notice(after step: AuthStep) -> String? {
    switch step {
    case .userDidSignOut: "Signed out."
    case .userIsNotSignedIn: "Your session has ended; sign in again."
    default: nil
    }
  }
}
