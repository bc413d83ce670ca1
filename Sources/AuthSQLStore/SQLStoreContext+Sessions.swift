import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session {
    let id = try run { () throws(Failure) in
      guard
        let id = try queryFirst(
          """
          INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
          VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(createdAt),
            \(expiresAt))
          RETURNING id
          """, row: { row throws(Failure) in try row.decode(Int64.self, "id") })
      else { throw Self.unexpectedValue(in: "sessions.id") }
      return id
    }
    let created = StoredTime.rounded(createdAt)
    return Session(
      id: SessionID(rawValue: id), userID: userID, createdAt: created, lastUsedAt: created,
      expiresAt: StoredTime.rounded(expiresAt))
  }

  package func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash? {
    try run { () throws(Failure) in
      try queryFirst("SELECT token_hash FROM sessions WHERE id = \(sessionID.rawValue)") {
        row throws(Failure) in TokenHash(rawValue: try row.decode([UInt8].self, "token_hash"))
      }
    }
  }

  package func touchSession(
    _ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        UPDATE sessions SET last_used_at = \(lastUsedAt), expires_at = \(expiresAt)
        WHERE id = \(sessionID.rawValue)
        """)
    }
  }

  @discardableResult
  package func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool {
    try run { () throws(Failure) in
      try execute("DELETE FROM sessions WHERE id = \(sessionID.rawValue)") > 0
    }
  }

  @discardableResult
  package func deleteSessions(
    of userID: UserID, except keeping: SessionID?
  ) throws(AuthError) -> Int {
    try run { () throws(Failure) in
      guard let keeping else {
        return try execute("DELETE FROM sessions WHERE user_id = \(userID.rawValue)")
      }
      return try execute(
        "DELETE FROM sessions WHERE user_id = \(userID.rawValue) AND id <> \(keeping.rawValue)")
    }
  }

  package func sessions(of userID: UserID) throws(AuthError) -> [Session] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT \(Self.sessionColumns) FROM sessions
        WHERE user_id = \(userID.rawValue) ORDER BY created_at DESC, id DESC
        """, row: Self.session)
    }
  }

  package func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try deleteExpired(from: "sessions", key: "id", asOf: time, limit: limit)
  }

  package func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try countExpired(in: "sessions", asOf: time)
  }
}
