import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func deviceCookie(tokenHash: TokenHash) throws(AuthError) -> DeviceCookie? {
    try run {
      try database().queryFirst(
        """
        SELECT user_id, expires_at, consecutive_failures, locked_until, last_failure_at
        FROM device_cookies WHERE token_hash = $1
        """, [.bytea(tokenHash.rawValue)]
      ) { row in
        DeviceCookie(
          userID: UserID(rawValue: try row.int64(0)), expiresAt: try row.date(1),
          throttle: ThrottleState(
            consecutiveFailures: Int(try row.int64(2)), lockedUntil: try row.optionalDate(3),
            lastFailureAt: try row.int64(4) > 0 ? try row.date(4) : nil))
      }
    }
  }

  func insertDeviceCookie(
    tokenHash: TokenHash, userID: UserID, createdAt: Date, expiresAt: Date
  ) throws(AuthError) {
    try run {
      try database().execute(
        """
        INSERT INTO device_cookies (token_hash, user_id, created_at, expires_at)
        VALUES ($1, $2, $3, $4)
        """,
        [.bytea(tokenHash.rawValue), .bigint(userID.rawValue), .time(createdAt), .time(expiresAt)])
    }
  }

  func saveDeviceCookieThrottle(_ state: ThrottleState, tokenHash: TokenHash) throws(AuthError) {
    try run {
      try database().execute(
        """
        UPDATE device_cookies
        SET consecutive_failures = $2, locked_until = $3, last_failure_at = $4
        WHERE token_hash = $1
        """,
        [
          .bytea(tokenHash.rawValue), .bigint(Int64(state.consecutiveFailures)),
          state.lockedUntil.map { .time($0) } ?? .null,
          state.lastFailureAt.map { .time($0) } ?? .bigint(0),
        ])
    }
  }

  func deleteDeviceCookie(tokenHash: TokenHash) throws(AuthError) {
    try run {
      try database().execute(
        "DELETE FROM device_cookies WHERE token_hash = $1", [.bytea(tokenHash.rawValue)])
    }
  }

  func clearDeviceCookieThrottles(of userID: UserID) throws(AuthError) {
    try run {
      try database().execute(
        """
        UPDATE device_cookies SET consecutive_failures = 0, locked_until = NULL, last_failure_at = 0
        WHERE user_id = $1
        """, [.bigint(userID.rawValue)])
    }
  }

  func deleteExpiredDeviceCookies(asOf time: Date, limit: Int?) throws(AuthError) -> Int {
    try run {
      // A NULL limit is no limit; the subquery keeps a bounded delete on the expiry index.
      try database().execute(
        """
        DELETE FROM device_cookies WHERE token_hash IN
          (SELECT token_hash FROM device_cookies WHERE expires_at <= $1
           ORDER BY expires_at LIMIT $2::bigint)
        """, [.time(time), limit.map { .bigint(Int64(max($0, 0))) } ?? .null])
    }
  }

  func countExpiredDeviceCookies(asOf time: Date) throws(AuthError) -> Int {
    try run {
      Int(
        try database().queryFirst(
          "SELECT pg_catalog.count(*) FROM device_cookies WHERE expires_at <= $1", [.time(time)]
        ) { row in try row.int64(0) } ?? 0)
    }
  }
}
