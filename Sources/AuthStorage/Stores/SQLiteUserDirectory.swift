import AuthCore
import AuthDatabase
import AuthSQLStore

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
  /// active session count at `time`, whether it is locked and when it expires.
  public func users(at time: Date = Date()) throws(SQLiteError) -> [Entry] {
    try database.query(UserDirectoryEntry.listing(at: time), row: UserDirectoryEntry.init(row:))
  }
}
