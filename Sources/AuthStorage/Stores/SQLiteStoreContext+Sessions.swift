import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  /// The stored hash is left unread: a caller that needs it asks for it with the session.
  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        Self.sessionLookup, binding: tokenHash.rawValue, row: Self.authenticatedSession(from:))
    }
  }

  /// The use cases' check: the stored hash comes in the same row, for their constant-time
  /// comparison.
  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        Self.sessionLookup, binding: tokenHash.rawValue
      ) { row throws(SQLiteError) in
        let found = try Self.authenticatedSession(from: row)
        return (found, TokenHash(rawValue: try row.decode([UInt8].self, "token_hash")))
      }
    }
  }

  /// The session lookup, its text built once and its one value bound at each check
  /// (figure 1 of docs/performance.md).
  private static let sessionLookup = SQLitePreparedQuery {
    (tokenHash: SQLiteQuery.Parameter<[UInt8]>) -> SQLiteQuery in
    """
    SELECT \(userColumns), \(sessionColumns), sessions.token_hash
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = \(tokenHash)
    """
  }

  /// The hot path of every signed-in command: the user and the session of one row of
  /// `sessionLookup`, one cached statement.
  private static func authenticatedSession(
    from row: SQLiteRow
  ) throws(SQLiteError) -> AuthenticatedSession {
    AuthenticatedSession(user: try user(from: row), session: try session(from: row))
  }
}
