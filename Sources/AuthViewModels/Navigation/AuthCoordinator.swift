import AuthCore

/// The flow of scenes: Authenticate → Sign in ⇄ Sign up → Account → Sessions or
/// Change password → back to Account; signing out returns to Authenticate; quitting
/// ends the flow.
///
/// Front-end independent: it builds each scene from `AuthRoute`'s table, asks the
/// presenter to show it, awaits the scene's next step, and acts on where the table says
/// it leads. It holds the token of the current session and reports every change so the
/// front end can keep or forget it.
///
/// When the front end cannot keep a new session's token (`tokenDidChange` throws), nobody
/// would hold that session: it is ended at once, and the flow stops with the error in
/// `tokenNotKept`, as a one-shot sign-in stops with it.
@MainActor
public final class AuthCoordinator {
  /// The token of the session the flow is in, if any.
  public private(set) var token: SessionToken?
  /// Every scene presented, oldest first.
  public private(set) var presented: [AuthRoute] = []
  /// Why the flow stopped early: keeping a new session's token failed with this error
  /// (the session was ended first); `nil` when the flow ended otherwise.
  public private(set) var tokenNotKept: (any Error)?
  private let useCases: AuthUseCases
  private let presenter: any ScenePresenter
  private let tokenDidChange: @MainActor (SessionToken?) throws -> Void

  /// Sets up the flow, starting signed in when a token is given (the account scene
  /// checks it and falls back to the start when it is dead). `tokenDidChange` keeps a new
  /// token (throwing when it cannot) or forgets the old one (`nil`; an error thrown then
  /// is the front end's to report, and the flow goes on signed out).
  public init(
    useCases: AuthUseCases, presenter: any ScenePresenter, token: SessionToken? = nil,
    tokenDidChange: @escaping @MainActor (SessionToken?) throws -> Void = { _ in }
  ) {
    self.useCases = useCases
    self.presenter = presenter
    self.token = token
    self.tokenDidChange = tokenDidChange
  }

  /// Runs the flow until the user quits or a scene's wait is cancelled.
  public func start() async {
    var route: AuthRoute? = token == nil ? .start : .account
    while let current = route {
      let scene = current.scene(using: useCases, token: token)
      presented.append(scene.route)
      await presenter.present(scene)
      guard let transition = await scene.next() else { return }
      route = await follow(transition)
    }
  }

  /// Acts on a transition and says which route comes next; `nil` ends the flow.
  private func follow(_ transition: AuthTransition) async -> AuthRoute? {
    switch transition {
    case .show(let route):
      return route
    case .home:
      return token == nil ? .start : .account
    case .startSession(let session):
      do {
        try tokenDidChange(session.token)
      } catch {
        // A session whose token no one keeps could never be signed out of: it ends now,
        // before the flow stops with the error. Best effort: a failure to end it changes
        // nothing more the user could do here.
        try? await useCases.sessions.signOut(token: session.token)
        tokenNotKept = error
        return nil
      }
      token = session.token
      return .account
    case .endSession(let text):
      token = nil
      try? tokenDidChange(nil)
      return .authenticate(notice: text)
    case .quit:
      return nil
    }
  }
}
