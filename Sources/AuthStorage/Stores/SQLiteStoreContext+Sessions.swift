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
    try run {
      try database.execute(
        """
        INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (?1, ?2, ?3, ?3, ?4)
        """,
        [.blob(tokenHash.rawValue), .integer(userID.rawValue), .time(createdAt), .time(expiresAt)])
      let created = StoredTime.rounded(createdAt)
      return Session(
        id: SessionID(rawValue: database.lastInsertRowID), userID: userID, createdAt: created,
        lastUsedAt: created, expiresAt: StoredTime.rounded(expiresAt))
    }
  }

  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try run {
      try lookUpSession(tokenHash: tokenHash) { _, found in found }
    }
  }

  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    try run {
      try lookUpSession(tokenHash: tokenHash) { statement, found in
        (found, TokenHash(rawValue: statement.data(at: 8)))
      }
    }
  }

  /// The hot path of every signed-in command: one cached statement, the hash bound in
  /// place (no copy), no arrays. The stored hash comes in the same row, for the caller's
  /// constant-time check.
  private func lookUpSession<T>(
    tokenHash: TokenHash, _ result: (SQLiteStatement, AuthenticatedSession) -> T
  ) throws -> T? {
    try database.withStatement(
      """
      SELECT s.id, s.created_at, s.last_used_at, s.expires_at,
             u.id, u.username, u.created_at, u.updated_at, s.token_hash
      FROM sessions AS s JOIN users AS u ON u.id = s.user_id
      WHERE s.token_hash = ?1
      """
    ) { statement in
      try statement.withBound(tokenHash.rawValue, at: 1) {
        guard try statement.step() else { return nil }
        let user = Self.user(from: statement, first: 4)
        let session = Session(
          id: SessionID(rawValue: statement.int64(at: 0)), userID: user.id,
          createdAt: statement.date(at: 1), lastUsedAt: statement.date(at: 2),
          expiresAt: statement.date(at: 3))
        return result(statement, AuthenticatedSession(user: user, session: session))
      }
    }
  }

  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    try run {
      try database.queryFirst(
        "SELECT token_hash FROM sessions WHERE id = ?1", [.integer(sessionID.rawValue)]
      ) { TokenHash(rawValue: $0.data(at: 0)) }
    }
  }

  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError) {
    try run {
      try database.execute(
        "UPDATE sessions SET last_used_at = ?1, expires_at = ?2 WHERE id = ?3",
        [.time(lastUsedAt), .time(expiresAt), .integer(sessionID.rawValue)])
    }
  }

  @discardableResult
  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    try run {
      try database.execute("DELETE FROM sessions WHERE id = ?1", [.integer(sessionID.rawValue)]) > 0
    }
  }

  @discardableResult
  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int {
    try run {
      try database.execute(
        "DELETE FROM sessions WHERE user_id = ?1 AND (?2 IS NULL OR id <> ?2)",
        [.integer(userID.rawValue), keeping.map { .integer($0.rawValue) } ?? .null])
    }
  }

  func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    try run {
      try database.query(
        """
        SELECT id, user_id, created_at, last_used_at, expires_at FROM sessions
        WHERE user_id = ?1 ORDER BY created_at DESC, id DESC
        """, [.integer(userID.rawValue)]
      ) { row in
        Session(
          id: SessionID(rawValue: row.int64(at: 0)), userID: UserID(rawValue: row.int64(at: 1)),
          createdAt: row.date(at: 2), lastUsedAt: row.date(at: 3), expiresAt: row.date(at: 4))
      }
    }
  }

  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run {
      guard let limit else {
        return try database.execute("DELETE FROM sessions WHERE expires_at <= ?1", [.time(time)])
      }
      // DELETE … LIMIT needs a compile-time option; a bounded subquery on the index does not.
      return try database.execute(
        """
        DELETE FROM sessions WHERE id IN
          (SELECT id FROM sessions WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)
        """, [.time(time), .integer(Int64(max(limit, 0)))])
    }
  }

  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try run {
      Int(
        try database.scalarInt(
          "SELECT count(*) FROM sessions WHERE expires_at <= ?1", [.time(time)]))
    }
  }
}
