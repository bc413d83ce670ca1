import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Read-only listing of accounts for operators (`users list`) on PostgreSQL: the same
/// entries as `SQLiteUserDirectory` gives for SQLite. Never returns a hash.
public struct PostgresUserDirectory {
  private let connection: PostgresConnection

  /// A directory over an open connection.
  public init(connection: PostgresConnection) {
    self.connection = connection
  }

  /// Every account by username, with its latest sign-in (a sign-up counts as the first),
  /// active session count at `time`, and whether it is locked.
  public func users(at time: Date = Date()) throws -> [UserDirectoryEntry] {
    try connection.query(
      """
      SELECT u.id, u.username, u.created_at, u.updated_at,
        (SELECT pg_catalog.max(e.time) FROM auth_events AS e
         WHERE e.user_id = u.id AND e.kind IN ($1, $3)),
        (SELECT pg_catalog.count(*) FROM sessions AS s WHERE s.user_id = u.id AND s.expires_at > $2),
        u.locked_at IS NOT NULL,
        EXISTS (SELECT 1 FROM second_factors AS f WHERE f.user_id = u.id AND f.state = 'enabled')
      FROM users AS u ORDER BY u.username
      """,
      [
        .text(AuthEventKind.signInSucceeded.rawValue), .time(time),
        .text(AuthEventKind.signUp.rawValue),
      ]
    ) { row in
      UserDirectoryEntry(
        id: try row.int64(0), username: row.string(1), createdAt: try row.date(2),
        updatedAt: try row.date(3), lastSignInAt: try row.optionalDate(4),
        activeSessions: Int(try row.int64(5)), isLocked: try row.bool(6),
        hasSecondFactor: try row.bool(7))
    }
  }
}
