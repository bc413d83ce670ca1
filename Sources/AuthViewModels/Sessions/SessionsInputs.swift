import AuthCore

/// What the user does on the list of their sessions.
public enum SessionsInputs: Hashable, Sendable {
  /// Call when the user asks to end one session, by its id.
  case revokeRequested(SessionID)
  /// Call when the user asks to reload the list.
  case refreshRequested
  /// Call when the user asks to go back.
  case backRequested
}
