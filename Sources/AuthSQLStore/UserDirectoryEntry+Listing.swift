import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension UserDirectoryEntry {
  /// Every account by username, with its latest sign-in (a sign-up counts as the first),
  /// active session count at `time`, whether it is locked and when it expires: one
  /// statement on either engine, read by `init(row:)`.
  package static func listing<Query: DatabaseQuery>(at time: Date) -> Query {
    """
    SELECT users.id, users.username, users.created_at, users.updated_at,
      (SELECT \(Query.builtInSchema)max(e.time) FROM auth_events AS e
       WHERE e.user_id = users.id
         AND e.kind IN (\(AuthEventKind.signInSucceeded.rawValue), \(AuthEventKind.signUp.rawValue)))
        AS last_sign_in_at,
      (SELECT \(Query.builtInSchema)count(*) FROM sessions AS s
       WHERE s.user_id = users.id AND s.expires_at > \(time)) AS active_sessions,
      users.locked_at IS NOT NULL AS is_locked, users.expires_at,
      EXISTS (
        SELECT 1 FROM second_factors AS f WHERE f.user_id = users.id AND f.state = 'enabled'
      ) AS has_second_factor
    FROM users ORDER BY users.username
    """
  }

  /// Reads an entry from a row of `listing(at:)`.
  package init<Row: DatabaseRow>(row: Row) throws(Row.Failure) {
    self.init(
      id: try row.decode(Int64.self, "id"), username: try row.decode(String.self, "username"),
      createdAt: try row.decode(Date.self, "created_at"),
      updatedAt: try row.decode(Date.self, "updated_at"),
      lastSignInAt: try row.decode(Date?.self, "last_sign_in_at"),
      activeSessions: try row.decode(Int.self, "active_sessions"),
      isLocked: try row.decode(Bool.self, "is_locked"),
      hasSecondFactor: try row.decode(Bool.self, "has_second_factor"),
      expiresAt: try row.decode(Date?.self, "expires_at"))
  }
}
