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
  public static var sessionLookupSQL: String {
    PostgresStoreContext.sessionLookup(tokenHash: TokenHash(rawValue: [])).sql
  }
}

extension PostgresStoreContext {
  func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session {
    let id = try run { () throws(PostgresError) in
      try database().queryFirst(
        """
        INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(createdAt),
          \(expiresAt))
        RETURNING id
        """
      ) { row throws(PostgresError) in try row.decode(Int64.self, "id") }
    }
    guard let id else {
      throw .store(StoreError(PostgresError.unexpectedValue(column: "sessions.id")))
    }
    let created = StoredTime.rounded(createdAt)
    return Session(
      id: SessionID(rawValue: id), userID: userID, createdAt: created, lastUsedAt: created,
      expiresAt: StoredTime.rounded(expiresAt))
  }

  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try authenticatedSessionAndStoredHash(tokenHash: tokenHash)?.found
  }

  /// The statement of every session check: the session, its user, and the stored hash in
  /// the same row for the caller's constant-time check.
  static func sessionLookup(tokenHash: TokenHash) -> PostgresQuery {
    """
    SELECT \(userColumns), \(sessionColumns), sessions.token_hash
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = \(tokenHash.rawValue)
    """
  }

  /// The hot path of every signed-in command: one statement, one round trip.
  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    try run { () throws(PostgresError) in
      try database().queryFirst(Self.sessionLookup(tokenHash: tokenHash)) {
        row throws(PostgresError) in
        let found = AuthenticatedSession(
          user: try Self.user(from: row), session: try Self.session(from: row))
        return (found, TokenHash(rawValue: try row.decode([UInt8].self, "token_hash")))
      }
    }
  }

  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    try run { () throws(PostgresError) in
      try database().queryFirst(
        "SELECT token_hash FROM sessions WHERE id = \(sessionID.rawValue)"
      ) { row throws(PostgresError) in
        TokenHash(rawValue: try row.decode([UInt8].self, "token_hash"))
      }
    }
  }

  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError) {
    try run { () throws(PostgresError) in
      try database().execute(
        """
        UPDATE sessions SET last_used_at = \(lastUsedAt), expires_at = \(expiresAt)
        WHERE id = \(sessionID.rawValue)
        """)
    }
  }

  @discardableResult
  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    try run { () throws(PostgresError) in
      try database().execute("DELETE FROM sessions WHERE id = \(sessionID.rawValue)") > 0
    }
  }

  @discardableResult
  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      try database().execute(
        """
        DELETE FROM sessions
        WHERE user_id = \(userID.rawValue)
          AND (\(keeping?.rawValue)::bigint IS NULL OR id <> \(keeping?.rawValue)::bigint)
        """)
    }
  }

  func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    try run { () throws(PostgresError) in
      try database().query(
        """
        SELECT \(Self.sessionColumns) FROM sessions
        WHERE user_id = \(userID.rawValue) ORDER BY created_at DESC, id DESC
        """, row: Self.session)
    }
  }

  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      // A NULL limit is no limit; the subquery keeps a bounded delete on the index.
      let rowLimit = limit.map { max($0, 0) }
      return try database().execute(
        """
        DELETE FROM sessions WHERE id IN
          (SELECT id FROM sessions WHERE expires_at <= \(time) ORDER BY expires_at
           LIMIT \(rowLimit)::bigint)
        """)
    }
  }

  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      try database().queryFirst(
        "SELECT pg_catalog.count(*) AS count FROM sessions WHERE expires_at <= \(time)"
      ) { row throws(PostgresError) in try row.decode(Int.self, "count") } ?? 0
    }
  }
}
