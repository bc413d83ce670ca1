import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresAuthStore {
  /// The statement of every session check, public so that a benchmark can run the very
  /// same one through bare libpq.
  public static let sessionLookupSQL = """
    SELECT s.id, s.created_at, s.last_used_at, s.expires_at,
           u.id, u.username, u.created_at, u.updated_at, s.token_hash
    FROM sessions AS s JOIN users AS u ON u.id = s.user_id
    WHERE s.token_hash = $1
    """
}

extension PostgresStoreContext {
  func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session {
    try run {
      let id = try database().queryFirst(
        """
        INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES ($1, $2, $3, $3, $4) RETURNING id
        """,
        [.bytea(tokenHash.rawValue), .bigint(userID.rawValue), .time(createdAt), .time(expiresAt)]
      ) { row in try row.int64(0) }
      guard let id else { throw PostgresError.unexpectedValue(column: "sessions.id") }
      let created = StoredTime.rounded(createdAt)
      return Session(
        id: SessionID(rawValue: id), userID: userID, createdAt: created, lastUsedAt: created,
        expiresAt: StoredTime.rounded(expiresAt))
    }
  }

  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try authenticatedSessionAndStoredHash(tokenHash: tokenHash)?.found
  }

  /// The hot path of every signed-in command: one prepared statement, one round trip, the
  /// stored hash in the same row for the caller's constant-time check.
  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    try run {
      try database().queryFirst(
        PostgresAuthStore.sessionLookupSQL, [.bytea(tokenHash.rawValue)]
      ) { row in
        let user = try Self.user(from: row, first: 4)
        let session = Session(
          id: SessionID(rawValue: try row.int64(0)), userID: user.id, createdAt: try row.date(1),
          lastUsedAt: try row.date(2), expiresAt: try row.date(3))
        return (
          AuthenticatedSession(user: user, session: session), TokenHash(rawValue: row.data(8))
        )
      }
    }
  }

  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    try run {
      try database().queryFirst(
        "SELECT token_hash FROM sessions WHERE id = $1", [.bigint(sessionID.rawValue)]
      ) { row in TokenHash(rawValue: row.data(0)) }
    }
  }

  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError) {
    try run {
      try database().execute(
        "UPDATE sessions SET last_used_at = $1, expires_at = $2 WHERE id = $3",
        [.time(lastUsedAt), .time(expiresAt), .bigint(sessionID.rawValue)])
    }
  }

  @discardableResult
  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    try run {
      try database().execute("DELETE FROM sessions WHERE id = $1", [.bigint(sessionID.rawValue)])
        > 0
    }
  }

  @discardableResult
  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int {
    try run {
      try database().execute(
        "DELETE FROM sessions WHERE user_id = $1 AND ($2::bigint IS NULL OR id <> $2::bigint)",
        [.bigint(userID.rawValue), keeping.map { .bigint($0.rawValue) } ?? .null])
    }
  }

  func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    try run {
      try database().query(
        """
        SELECT id, user_id, created_at, last_used_at, expires_at FROM sessions
        WHERE user_id = $1 ORDER BY created_at DESC, id DESC
        """, [.bigint(userID.rawValue)]
      ) { row in
        Session(
          id: SessionID(rawValue: try row.int64(0)), userID: UserID(rawValue: try row.int64(1)),
          createdAt: try row.date(2), lastUsedAt: try row.date(3), expiresAt: try row.date(4))
      }
    }
  }

  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run {
      // A NULL limit is no limit; the subquery keeps a bounded delete on the index.
      try database().execute(
        """
        DELETE FROM sessions WHERE id IN
          (SELECT id FROM sessions WHERE expires_at <= $1 ORDER BY expires_at LIMIT $2::bigint)
        """, [.time(time), limit.map { .bigint(Int64(max($0, 0))) } ?? .null])
    }
  }

  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try run {
      Int(
        try database().queryFirst(
          "SELECT pg_catalog.count(*) FROM sessions WHERE expires_at <= $1", [.time(time)]
        ) { row in try row.int64(0) } ?? 0)
    }
  }
}
