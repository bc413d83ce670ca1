import AuthCore

/// The scenes of the flow, each with what it needs from the scene before (its payload), and
/// the one table that says, for each, how its view model is made and where each of its steps
/// leads. A new scene is one case here, with its payload, one of `Kind` and one of
/// `AuthScene.Shown` (the switches below do not compile until both are there), and one entry
/// in `scene(using:token:)`: a step of the scene before hands it its payload through
/// `AuthTransition.show(_:)`, and no signature changes.
public enum AuthRoute: Hashable, Sendable {
  /// The start scene, with a one-line notice about what just happened ("Signed out."), if any.
  case authenticate(notice: String?)
  /// The sign-in form.
  case signIn
  /// The sign-up form.
  case signUp
  /// The second step of a sign-in, with the challenge the password step answered.
  case secondFactor(SecondFactorChallenge)
  /// The last step of a sign-in for an account that must choose a new password, with the
  /// challenge the step before answered.
  case newPassword(NewPasswordChallenge)
  /// The home once signed in.
  case account
  /// The list of sessions.
  case sessions
  /// The password-change form.
  case changePassword

  /// The start scene with no notice.
  public static let start = AuthRoute.authenticate(notice: nil)

  /// The scenes, without their payloads: what a test or a front end iterates to cover every
  /// scene. `kind` and `example` switch over every case, so a new route does not compile
  /// without its kind, nor a new kind without its example.
  public enum Kind: Hashable, Sendable, CaseIterable {
    /// The start.
    case authenticate
    /// The sign-in form.
    case signIn
    /// The sign-up form.
    case signUp
    /// The second step of a sign-in.
    case secondFactor
    /// The new password a sign-in asks for.
    case newPassword
    /// The home once signed in.
    case account
    /// The list of sessions.
    case sessions
    /// The password-change form.
    case changePassword

    /// The route to this scene, with a sample payload.
    public var example: AuthRoute {
      switch self {
      case .authenticate: .start
      case .signIn: .signIn
      case .signUp: .signUp
      case .secondFactor: .secondFactor(.sample(username: "ada"))
      case .newPassword: .newPassword(.sample(username: "ada"))
      case .account: .account
      case .sessions: .sessions
      case .changePassword: .changePassword
      }
    }
  }

  /// Which scene this route shows.
  public var kind: Kind {
    switch self {
    case .authenticate: .authenticate
    case .signIn: .signIn
    case .signUp: .signUp
    case .secondFactor: .secondFactor
    case .newPassword: .newPassword
    case .account: .account
    case .sessions: .sessions
    case .changePassword: .changePassword
    }
  }

  /// One route per scene, each with a sample payload, for whoever must cover every scene
  /// (the contract, redaction, preview and route tests).
  public static var examples: [AuthRoute] { Kind.allCases.map(\.example) }

  /// The scene for this route with a fresh view model. A route that needs a session
  /// leads to the start when none is held.
  @MainActor
  public func scene(using useCases: AuthUseCases, token: SessionToken?) -> AuthScene {
    switch (self, token) {
    case (.signIn, _):
      let viewModel = SignInViewModel(authentication: useCases.authentication)
      return AuthScene(self, viewModel, as: AuthScene.Shown.signIn) {
        switch $0 {
        case .userIntendsToSignUp: .show(.signUp)
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        case .userDidPassPassword(let challenge): .show(.secondFactor(challenge))
        case .userDidPassExpiredPassword(let challenge): .show(.newPassword(challenge))
        }
      }
    case (.secondFactor(let challenge), _):
      let viewModel = SecondFactorViewModel(
        challenge: challenge, authentication: useCases.authentication)
      return AuthScene(self, viewModel, as: AuthScene.Shown.secondFactor) {
        switch $0 {
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        case .userDidPassCode(let challenge): .show(.newPassword(challenge))
        }
      }
    case (.newPassword(let challenge), _):
      let viewModel = NewPasswordViewModel(
        challenge: challenge, authentication: useCases.authentication)
      return AuthScene(self, viewModel, as: AuthScene.Shown.newPassword) {
        switch $0 {
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        }
      }
    case (.signUp, _):
      let viewModel = SignUpViewModel(signUp: useCases.signUp)
      return AuthScene(self, viewModel, as: AuthScene.Shown.signUp) {
        switch $0 {
        case .userIntendsToSignIn: .show(.signIn)
        case .userIntendsToGoBack: .home
        case .userDidSignUp(let session): .startSession(session)
        }
      }
    case (.account, let token?):
      let viewModel = AccountViewModel(token: token, sessions: useCases.sessions)
      return AuthScene(self, viewModel, as: AuthScene.Shown.account) {
        switch $0 {
        case .userIntendsToSeeSessions: .show(.sessions)
        case .userIntendsToChangePassword: .show(.changePassword)
        case .userIntendsToQuit: .quit
        case .userDidSignOut: .endSession(notice: "Signed out.")
        case .userIsNotSignedIn: .endSession(notice: AuthTransition.sessionEndedNotice)
        }
      }
    case (.sessions, let token?):
      let viewModel = SessionsViewModel(token: token, sessions: useCases.sessions)
      return AuthScene(self, viewModel, as: AuthScene.Shown.sessions) {
        switch $0 {
        case .userIntendsToGoBack: .home
        case .userIsNotSignedIn: .endSession(notice: AuthTransition.sessionEndedNotice)
        }
      }
    case (.changePassword, let token?):
      let viewModel = ChangePasswordViewModel(
        token: token, changePassword: useCases.changePassword, sessions: useCases.sessions)
      return AuthScene(self, viewModel, as: AuthScene.Shown.changePassword) {
        switch $0 {
        case .userIntendsToGoBack, .userDidChangePassword: .home
        case .userIsNotSignedIn: .endSession(notice: AuthTransition.sessionEndedNotice)
        }
      }
    case (.account, nil), (.sessions, nil), (.changePassword, nil):
      return AuthRoute.start.scene(using: useCases, token: nil)
    case (.authenticate(let notice), _):
      let viewModel = AuthenticateViewModel(notice: notice)
      return AuthScene(self, viewModel, as: AuthScene.Shown.authenticate) {
        switch $0 {
        case .userIntendsToSignIn: .show(.signIn)
        case .userIntendsToSignUp: .show(.signUp)
        case .userIntendsToQuit: .quit
        }
      }
    }
  }
}

extension AuthScene {
  /// Each scene's view model, by its type: the route table's cases, with what a front end
  /// shows instead of the payloads.
  public enum Shown {
    /// The start.
    case authenticate(AuthenticateViewModel)
    /// The sign-in form.
    case signIn(SignInViewModel)
    /// The sign-up form.
    case signUp(SignUpViewModel)
    /// The second step of a sign-in.
    case secondFactor(SecondFactorViewModel)
    /// The new password a sign-in asks for.
    case newPassword(NewPasswordViewModel)
    /// The home once signed in.
    case account(AccountViewModel)
    /// The list of sessions.
    case sessions(SessionsViewModel)
    /// The password-change form.
    case changePassword(ChangePasswordViewModel)
  }
}

/// Where a step leads; only the coordinator acts on it.
public enum AuthTransition: Hashable, Sendable {
  /// Show this scene next.
  case show(AuthRoute)
  /// Back home: the account when signed in, the start otherwise.
  case home
  /// Keep the new session's token, then home.
  case startSession(NewSession)
  /// Forget the token, then the start with a notice.
  case endSession(notice: String)
  /// End the flow.
  case quit

  /// Shown on the start scene after a session turned out to be over.
  public static let sessionEndedNotice = "Your session has ended; sign in again."
}

/// The use cases the scenes' view models are built over; the composition root decides
/// which implementations.
public struct AuthUseCases: Sendable {
  /// Signs in.
  public let authentication: any AuthenticationUseCase
  /// Creates accounts.
  public let signUp: any SignUpUseCase
  /// Reads and ends sessions.
  public let sessions: any SessionUseCase
  /// Changes passwords.
  public let changePassword: any ChangePasswordUseCase

  /// Bundles the four use cases.
  public init(
    authentication: any AuthenticationUseCase, signUp: any SignUpUseCase,
    sessions: any SessionUseCase, changePassword: any ChangePasswordUseCase
  ) {
    self.authentication = authentication
    self.signUp = signUp
    self.sessions = sessions
    self.changePassword = changePassword
  }
}
