import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(createdAt),
          \(expiresAt))
        """)
    }
    let created = StoredTime.rounded(createdAt)
    return Session(
      id: SessionID(rawValue: database.lastInsertRowID), userID: userID, createdAt: created,
      lastUsedAt: created, expiresAt: StoredTime.rounded(expiresAt))
  }

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

  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        "SELECT token_hash FROM sessions WHERE id = \(sessionID.rawValue)"
      ) { row throws(SQLiteError) in TokenHash(rawValue: try row.decode([UInt8].self, "token_hash"))
      }
    }
  }

  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE sessions SET last_used_at = \(lastUsedAt), expires_at = \(expiresAt)
        WHERE id = \(sessionID.rawValue)
        """)
    }
  }

  @discardableResult
  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    try run { () throws(SQLiteError) in
      try database.execute("DELETE FROM sessions WHERE id = \(sessionID.rawValue)") > 0
    }
  }

  @discardableResult
  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        DELETE FROM sessions
        WHERE user_id = \(userID.rawValue)
          AND (\(keeping?.rawValue) IS NULL OR id <> \(keeping?.rawValue))
        """)
    }
  }

  func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    try run { () throws(SQLiteError) in
      try database.query(
        """
        SELECT \(Self.sessionColumns) FROM sessions
        WHERE user_id = \(userID.rawValue) ORDER BY created_at DESC, id DESC
        """, row: Self.session)
    }
  }

  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      guard let limit else {
        return try database.execute("DELETE FROM sessions WHERE expires_at <= \(time)")
      }
      // DELETE … LIMIT needs a compile-time option; a bounded subquery on the index does not.
      return try database.execute(
        """
        DELETE FROM sessions WHERE id IN
          (SELECT id FROM sessions WHERE expires_at <= \(time) ORDER BY expires_at
           LIMIT \(max(limit, 0)))
        """)
    }
  }

  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      Int(try database.scalarInt("SELECT count(*) FROM sessions WHERE expires_at <= \(time)"))
    }
  }
}
