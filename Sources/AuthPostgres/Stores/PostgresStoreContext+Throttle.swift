import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  /// The form in which a name that may be a typed secret is stored: its keyed hash
  /// (`NameHash`, the same as SQLite's) under this database's key (`secret_keys`,
  /// migration 0004). PostgreSQL has no BLAKE2b, so the key is read and the hash made here.
  func storedName(_ name: String) throws(PostgresError) -> String {
    guard let hashed = NameHash.hex(of: name, key: try nameKey()) else {
      throw .unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    try run { () throws(PostgresError) in
      let hashed = try storedName(username)
      return try database().queryFirst(
        """
        SELECT consecutive_failures, locked_until, last_failure_at
        FROM sign_in_throttle WHERE username = \(hashed)
        """, row: Self.throttle) ?? .clear
    }
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    try run { () throws(PostgresError) in
      let hashed = try storedName(username)
      try database().execute(
        """
        INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until, last_failure_at)
        VALUES (\(hashed), \(state.consecutiveFailures), \(state.lockedUntil),
          \(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0))
        ON CONFLICT (username) DO UPDATE
        SET consecutive_failures = excluded.consecutive_failures,
            locked_until = excluded.locked_until,
            last_failure_at = excluded.last_failure_at
        """)
    }
  }

  func clearThrottleState(for username: String) throws(AuthError) {
    try run { () throws(PostgresError) in
      let hashed = try storedName(username)
      try database().execute("DELETE FROM sign_in_throttle WHERE username = \(hashed)")
    }
  }

  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      // A NULL limit is no limit.
      let rowLimit = limit.map { max($0, 0) }
      return try database().execute(
        """
        DELETE FROM sign_in_throttle WHERE username IN
          (SELECT username FROM sign_in_throttle \(Self.forgottenThrottles(at: now, before: cutoff))
           ORDER BY last_failure_at LIMIT \(rowLimit)::bigint)
        """)
    }
  }

  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    try run { () throws(PostgresError) in
      try database().queryFirst(
        """
        SELECT pg_catalog.count(*) AS count FROM sign_in_throttle
        \(Self.forgottenThrottles(at: now, before: cutoff))
        """
      ) { row throws(PostgresError) in try row.decode(Int.self, "count") } ?? 0
    }
  }

  /// Not locked at `now`, latest failure known (not 0) and at or before `cutoff`.
  static func forgottenThrottles(at now: Date, before cutoff: Date) -> PostgresQuery {
    """
    WHERE last_failure_at BETWEEN 1 AND \(cutoff)
      AND (locked_until IS NULL OR locked_until <= \(now))
    """
  }
}
