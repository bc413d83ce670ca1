import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        """
        SELECT user_id, expires_at, consecutive_failures, locked_until, last_failure_at
        FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)
        """
      ) { row throws(SQLiteError) in
        DeviceCookie(
          userID: UserID(rawValue: try row.decode(Int64.self, "user_id")),
          expiresAt: try row.decode(Date.self, "expires_at"),
          throttle: try Self.throttle(from: row))
      }
    }
  }

  func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        INSERT INTO device_cookies (token_hash, user_id, created_at, expires_at)
        VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(expiresAt))
        """)
    }
  }

  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE device_cookies
        SET consecutive_failures = \(state.consecutiveFailures), locked_until = \(state.lockedUntil),
          last_failure_at = \(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0)
        WHERE token_hash = \(tokenHash.rawValue)
        """)
    }
  }

  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute("DELETE FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)")
    }
  }

  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE device_cookies SET consecutive_failures = 0, locked_until = NULL, last_failure_at = 0
        WHERE user_id = \(userID.rawValue)
        """)
    }
  }

  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      guard let limit else {
        return try database.execute("DELETE FROM device_cookies WHERE expires_at <= \(time)")
      }
      // As for sessions: a bounded subquery on the expiry index (migration 0006).
      return try database.execute(
        """
        DELETE FROM device_cookies WHERE token_hash IN
          (SELECT token_hash FROM device_cookies WHERE expires_at <= \(time) ORDER BY expires_at
           LIMIT \(max(limit, 0)))
        """)
    }
  }

  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      Int(try database.scalarInt("SELECT count(*) FROM device_cookies WHERE expires_at <= \(time)"))
    }
  }
}
