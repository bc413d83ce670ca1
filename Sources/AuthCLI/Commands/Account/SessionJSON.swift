import AuthCore

/// The JSON of a session a command started or found.
enum SessionJSON {
  static func object(_ authenticated: AuthenticatedSession) -> [String: Any] {
    [
      "username": authenticated.user.username,
      "session_id": authenticated.session.id.rawValue,
      "session_created_at": Timestamp.iso8601(authenticated.session.createdAt),
      "session_expires_at": Timestamp.iso8601(authenticated.session.expiresAt),
    ]
  }
}
