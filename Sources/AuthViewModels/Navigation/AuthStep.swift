import AuthCore

/// What a view model reports: what the user intends to do next, or what they
/// just did. Steps never name a scene; the coordinator maps them to one.
public enum AuthStep: Hashable, Sendable {
  /// The user intends to sign in to an existing account.
  case userIntendsToSignIn
  /// The user intends to create an account.
  case userIntendsToSignUp
  /// The user intends to leave the program.
  case userIntendsToQuit
  /// The user intends to go back to where they came from.
  case userIntendsToGoBack
  /// The user did sign in; the new session and its token.
  case userDidSignIn(NewSession)
  /// The user did create an account and is signed in to it.
  case userDidSignUp(NewSession)
  /// The user intends to see their sessions.
  case userIntendsToSeeSessions
  /// The user intends to change their password.
  case userIntendsToChangePassword
  /// The user did change their password; this many other sessions ended.
  case userDidChangePassword(endedSessions: Int)
  /// The user did sign out (here or everywhere).
  case userDidSignOut
  /// The user's session turned out to be over (expired, revoked, signed out elsewhere).
  case userIsNotSignedIn
}
