import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    try run { () throws(Failure) in
      try queryFirst(
        """
        SELECT user_id, expires_at, consecutive_failures, locked_until, last_failure_at
        FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)
        """
      ) { row throws(Failure) in
        DeviceCookie(
          userID: UserID(rawValue: try row.decode(Int64.self, "user_id")),
          expiresAt: try row.decode(Date.self, "expires_at"),
          throttle: try Self.throttle(from: row))
      }
    }
  }

  package func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        INSERT INTO device_cookies (token_hash, user_id, created_at, expires_at)
        VALUES (\(tokenHash.rawValue), \(userID.rawValue), \(createdAt), \(expiresAt))
        """)
    }
  }

  package func saveDeviceCookieThrottle(
    _ state: ThrottleState, tokenHash: TokenHash
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        UPDATE device_cookies
        SET consecutive_failures = \(state.consecutiveFailures), locked_until = \(state.lockedUntil),
          last_failure_at = \(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0)
        WHERE token_hash = \(tokenHash.rawValue)
        """)
    }
  }

  package func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    try run { () throws(Failure) in
      try execute("DELETE FROM device_cookies WHERE token_hash = \(tokenHash.rawValue)")
    }
  }

  package func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        """
        UPDATE device_cookies SET consecutive_failures = 0, locked_until = NULL, last_failure_at = 0
        WHERE user_id = \(userID.rawValue)
        """)
    }
  }

  package func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try deleteExpired(from: "device_cookies", key: "token_hash", asOf: time, limit: limit)
  }

  package func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    try countExpired(in: "device_cookies", asOf: time)
  }
}
