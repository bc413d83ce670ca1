import AuthCore
import AuthDatabase
import AuthSQLStore

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
  /// active session count at `time`, whether it is locked and when it expires.
  public func users(at time: Date = Date()) throws(PostgresError) -> [UserDirectoryEntry] {
    try connection.query(UserDirectoryEntry.listing(at: time), row: UserDirectoryEntry.init(row:))
  }
}
