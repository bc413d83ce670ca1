import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    try run { () throws(PostgresError) in
      try database().queryFirst(
        """
        SELECT user_id, expires_at, consecutive_failures, locked_until, last_failure_at
        FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)
        """
      ) { row throws(PostgresError) in
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
    try run { () throws(PostgresError) in
      try database().execute(
        """
        INSERT INTO device_cookies (token_hash, user_id, created_at, expires_at)
        VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(expiresAt))
        """)
    }
  }

  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError) {
    try run { () throws(PostgresError) in
      try database().execute(
        """
        UPDATE device_cookies
        SET consecutive_failures = \(state.consecutiveFailures), locked_until = \(state.lockedUntil),
          last_failure_at = \(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0)
        WHERE token_hash = \(tokenHash.rawValue)
        """)
    }
  }

  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    try run { () throws(PostgresError) in
      try database().execute("DELETE FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)")
    }
  }

  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    try run { () throws(PostgresError) in
      try database().execute(
        """
        UPDATE device_cookies SET consecutive_failures = 0, locked_until = NULL, last_failure_at = 0
        WHERE user_id = \(userID.rawValue)
        """)
    }
  }

  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      // A NULL limit is no limit; the subquery keeps a bounded delete on the expiry index.
      let rowLimit = limit.map { max($0, 0) }
      return try database().execute(
        """
        DELETE FROM device_cookies WHERE token_hash IN
          (SELECT token_hash FROM device_cookies WHERE expires_at <= \(time)
           ORDER BY expires_at LIMIT \(rowLimit)::bigint)
        """)
    }
  }

  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      try database().queryFirst(
        "SELECT pg_catalog.count(*) AS count FROM device_cookies WHERE expires_at <= \(time)"
      ) { row throws(PostgresError) in try row.decode(Int.self, "count") } ?? 0
    }
  }
}
