import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    try run {
      try database.queryFirst(
        """
        SELECT user_id, expires_at, consecutive_failures, locked_until, last_failure_at
        FROM device_cookies WHERE token_hash = ?1
        """, [.blob(tokenHash.rawValue)]
      ) { row in
        DeviceCookie(
          userID: UserID(rawValue: row.int64(at: 0)), expiresAt: row.date(at: 1),
          throttle: ThrottleState(
            consecutiveFailures: Int(row.int64(at: 2)), lockedUntil: row.optionalDate(at: 3),
            lastFailureAt: row.int64(at: 4) > 0 ? row.date(at: 4) : nil))
      }
    }
  }

  func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try run {
      try database.execute(
        """
        INSERT INTO device_cookies (token_hash, user_id, created_at, expires_at)
        VALUES (?1, ?2, ?3, ?4)
        """,
        [.blob(tokenHash.rawValue), .integer(userID.rawValue), .time(createdAt), .time(expiresAt)])
    }
  }

  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError) {
    try run {
      try database.execute(
        """
        UPDATE device_cookies
        SET consecutive_failures = ?2, locked_until = ?3, last_failure_at = ?4
        WHERE token_hash = ?1
        """,
        [
          .blob(tokenHash.rawValue), .integer(Int64(state.consecutiveFailures)),
          state.lockedUntil.map { .time($0) } ?? .null,
          .integer(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0),
        ])
    }
  }

  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    try run {
      try database.execute(
        "DELETE FROM device_cookies WHERE token_hash = ?1", [.blob(tokenHash.rawValue)])
    }
  }

  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    try run {
      try database.execute(
        """
        UPDATE device_cookies SET consecutive_failures = 0, locked_until = NULL, last_failure_at = 0
        WHERE user_id = ?1
        """, [.integer(userID.rawValue)])
    }
  }

  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run {
      guard let limit else {
        return try database.execute(
          "DELETE FROM device_cookies WHERE expires_at <= ?1", [.time(time)])
      }
      // As for sessions: a bounded subquery on the expiry index (migration 0006).
      return try database.execute(
        """
        DELETE FROM device_cookies WHERE token_hash IN
          (SELECT token_hash FROM device_cookies WHERE expires_at <= ?1 ORDER BY expires_at LIMIT ?2)
        """, [.time(time), .integer(Int64(max(limit, 0)))])
    }
  }

  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    try run {
      Int(
        try database.scalarInt(
          "SELECT count(*) FROM device_cookies WHERE expires_at <= ?1", [.time(time)]))
    }
  }
}
