import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    try run { () throws(Failure) in
      let hashed = try storedName(username)
      return try queryFirst(
        """
        SELECT consecutive_failures, locked_until, last_failure_at
        FROM sign_in_throttle WHERE username = \(hashed)
        """, row: Self.throttle) ?? .clear
    }
  }

  package func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    try run { () throws(Failure) in
      let hashed = try storedName(username)
      try execute(
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

  package func clearThrottleState(for username: String) throws(AuthError) {
    try run { () throws(Failure) in
      let hashed = try storedName(username)
      try execute("DELETE FROM sign_in_throttle WHERE username = \(hashed)")
    }
  }

  package func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run { () throws(Failure) in
      try deleteRows(
        from: "sign_in_throttle", key: "username",
        where: Self.forgottenThrottles(at: now, before: cutoff), orderedBy: "last_failure_at",
        limit: limit)
    }
  }

  package func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    try run { () throws(Failure) in
      try count("FROM sign_in_throttle \(Self.forgottenThrottles(at: now, before: cutoff))")
    }
  }

  /// Not locked at `now`, latest failure known (not 0) and at or before `cutoff`; the index
  /// on last_failure_at finds them. Also what the inspectors count as prunable.
  package static func forgottenThrottles(at now: Date, before cutoff: Date) -> Query {
    """
    WHERE last_failure_at BETWEEN 1 AND \(cutoff)
      AND (locked_until IS NULL OR locked_until <= \(now))
    """
  }
}
