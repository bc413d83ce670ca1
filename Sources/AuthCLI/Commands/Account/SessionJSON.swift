import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The JSON of a session a command started or found.
enum SessionJSON {
  static func object(_ authenticated: AuthenticatedSession) -> [String: Any] {
    object(
      username: authenticated.user.username, id: authenticated.session.id,
      createdAt: authenticated.session.createdAt, expiresAt: authenticated.session.expiresAt)
  }

  /// The same object from its parts, as the account scene shows them.
  static func object(
    username: String, id: SessionID, createdAt: Date, expiresAt: Date
  ) -> [String: Any] {
    [
      "username": username,
      "session_id": id.rawValue,
      "session_created_at": Timestamp.iso8601(createdAt),
      "session_expires_at": Timestamp.iso8601(expiresAt),
    ]
  }
}
