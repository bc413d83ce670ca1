/// The scenes of the flow, by name, and which one each step leads to.
public enum AuthRoute: Hashable, Sendable, CaseIterable {
  /// The start scene.
  case authenticate
  /// The sign-in form.
  case signIn
  /// The sign-up form.
  case signUp
  /// The home once signed in.
  case account
  /// The list of sessions.
  case sessions
  /// The password-change form.
  case changePassword

  /// Where a step leads, given whether a session is held after it; `nil` ends the flow.
  ///
  /// "Back" leads to the account when signed in and to the start otherwise, and a
  /// scene that needs a session leads to the start when none is held.
  public static func after(_ step: AuthStep, isSignedIn: Bool) -> AuthRoute? {
    let home: AuthRoute = isSignedIn ? .account : .authenticate
    switch step {
    case .userIntendsToQuit: return nil
    case .userIntendsToSignIn: return .signIn
    case .userIntendsToSignUp: return .signUp
    case .userIntendsToGoBack: return home
    case .userDidSignIn, .userDidSignUp, .userDidChangePassword: return home
    case .userIntendsToSeeSessions: return isSignedIn ? .sessions : .authenticate
    case .userIntendsToChangePassword: return isSignedIn ? .changePassword : .authenticate
    case .userDidSignOut, .userIsNotSignedIn: return .authenticate
    }
  }
}
