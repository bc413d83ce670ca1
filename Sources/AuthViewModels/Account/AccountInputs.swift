/// What the user does on the home scene once signed in.
public enum AccountInputs: Hashable, Sendable {
  /// Call when the user asks to see their sessions.
  case sessionsRequested
  /// Call when the user asks to change their password.
  case changePasswordRequested
  /// Call when the user asks to sign out of this session.
  case signOutRequested
  /// Call when the user asks to sign out of every session.
  case signOutEverywhereRequested
  /// Call when the user asks to leave, staying signed in.
  case quitRequested
}
