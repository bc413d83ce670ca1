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
  func storedName(_ name: String) throws -> String {
    guard let hashed = NameHash.hex(of: name, key: try nameKey()) else {
      throw PostgresError.unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    try run {
      try database().queryFirst(
        """
        SELECT consecutive_failures, locked_until, last_failure_at
        FROM sign_in_throttle WHERE username = $1
        """,
        [.text(try storedName(username))]
      ) { row in
        // 0 stands for an unknown age (the column is NOT NULL).
        ThrottleState(
          consecutiveFailures: Int(try row.int64(0)), lockedUntil: try row.optionalDate(1),
          lastFailureAt: try row.int64(2) > 0 ? try row.date(2) : nil)
      } ?? .clear
    }
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    try run {
      try database().execute(
        """
        INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until, last_failure_at)
        VALUES ($1, $2, $3, $4)
        ON CONFLICT (username) DO UPDATE
        SET consecutive_failures = excluded.consecutive_failures,
            locked_until = excluded.locked_until,
            last_failure_at = excluded.last_failure_at
        """,
        [
          .text(try storedName(username)), .bigint(Int64(state.consecutiveFailures)),
          state.lockedUntil.map { .time($0) } ?? .null,
          state.lastFailureAt.map { .time($0) } ?? .bigint(0),
        ])
    }
  }

  func clearThrottleState(for username: String) throws(AuthError) {
    try run {
      try database().execute(
        "DELETE FROM sign_in_throttle WHERE username = $1", [.text(try storedName(username))])
    }
  }

  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run {
      try database().execute(
        """
        DELETE FROM sign_in_throttle WHERE username IN
          (SELECT username FROM sign_in_throttle \(Self.forgottenThrottleCondition)
           ORDER BY last_failure_at LIMIT $3::bigint)
        """, [.time(now), .time(cutoff), limit.map { .bigint(Int64(max($0, 0))) } ?? .null])
    }
  }

  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    try run {
      Int(
        try database().queryFirst(
          "SELECT pg_catalog.count(*) FROM sign_in_throttle \(Self.forgottenThrottleCondition)",
          [.time(now), .time(cutoff)]
        ) { row in try row.int64(0) } ?? 0)
    }
  }

  /// Not locked at $1, latest failure known (not 0) and at or before $2.
  static let forgottenThrottleCondition = """
    WHERE last_failure_at BETWEEN 1 AND $2 AND (locked_until IS NULL OR locked_until <= $1)
    """
}
