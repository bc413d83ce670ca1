import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Read-only listing of accounts for operators (the CLI's `users list`). Not a port: a
/// database tool. Never returns a hash.
public struct SQLiteUserDirectory {
  /// An account as listed (the same on both engines).
  public typealias Entry = UserDirectoryEntry

  /// The connection it reads from (read-only is enough).
  public let database: SQLiteDatabase

  /// A directory over an open connection.
  public init(database: SQLiteDatabase) {
    self.database = database
  }

  /// Every account by username, with its latest sign-in (a sign-up counts as the first),
  /// active session count at `time`, and whether it is locked.
  public func users(at time: Date = Date()) throws -> [Entry] {
    try database.query(
      """
      SELECT u.id, u.username, u.created_at, u.updated_at,
        (SELECT max(e.time) FROM auth_events AS e
         WHERE e.user_id = u.id AND e.kind IN (?1, ?3)),
        (SELECT count(*) FROM sessions AS s WHERE s.user_id = u.id AND s.expires_at > ?2),
        u.locked_at IS NOT NULL,
        EXISTS (SELECT 1 FROM second_factors AS f WHERE f.user_id = u.id AND f.state = 'enabled')
      FROM users AS u ORDER BY u.username
      """,
      [
        .text(AuthEventKind.signInSucceeded.rawValue), .time(time),
        .text(AuthEventKind.signUp.rawValue),
      ]
    ) { row in
      Entry(
        id: row.int64(at: 0), username: row.string(at: 1), createdAt: row.date(at: 2),
        updatedAt: row.date(at: 3), lastSignInAt: row.optionalDate(at: 4),
        activeSessions: Int(row.int64(at: 5)), isLocked: row.int64(at: 6) != 0,
        hasSecondFactor: row.int64(at: 7) != 0)
    }
  }
}
