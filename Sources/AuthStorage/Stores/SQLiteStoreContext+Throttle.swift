import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  /// The form in which a name that may be a typed secret is stored: its keyed hash
  /// (`NameHash`) under this database's key. A missing key, or one that is not 32 bytes
  /// (the CHECK that guards it can be switched off by whoever writes the file), is refused
  /// as a damaged database rather than used.
  func storedName(_ name: String) throws -> String {
    let key = try database.queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { Array($0.data(at: 0)) }
    guard let key else { throw SQLiteError.unexpectedValue(column: "secret_keys.key") }
    guard key.count == NameHash.keyLength else {
      throw SQLiteError.corrupt(
        path: database.path,
        detail: "its name-hash key (secret_keys.key) is \(key.count) bytes, not"
          + " \(NameHash.keyLength); 'authcli inspect' shows the damage")
    }
    guard let hashed = NameHash.hex(of: name, key: key) else {
      throw SQLiteError.unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    try run {
      try database.queryFirst(
        """
        SELECT consecutive_failures, locked_until, last_failure_at
        FROM sign_in_throttle WHERE username = ?1
        """,
        [.text(try storedName(username))]
      ) { row in
        // 0 stands for an unknown age (the column is NOT NULL).
        ThrottleState(
          consecutiveFailures: Int(row.int64(at: 0)), lockedUntil: row.optionalDate(at: 1),
          lastFailureAt: row.int64(at: 2) > 0 ? row.date(at: 2) : nil)
      } ?? .clear
    }
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    try run {
      try database.execute(
        """
        INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until, last_failure_at)
        VALUES (?1, ?2, ?3, ?4)
        ON CONFLICT (username) DO UPDATE
        SET consecutive_failures = excluded.consecutive_failures,
            locked_until = excluded.locked_until,
            last_failure_at = excluded.last_failure_at
        """,
        [
          .text(try storedName(username)), .integer(Int64(state.consecutiveFailures)),
          state.lockedUntil.map { .time($0) } ?? .null,
          .integer(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0),
        ])
    }
  }

  func clearThrottleState(for username: String) throws(AuthError) {
    try run {
      try database.execute(
        "DELETE FROM sign_in_throttle WHERE username = ?1", [.text(try storedName(username))])
    }
  }

  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run {
      try database.execute(
        """
        DELETE FROM sign_in_throttle WHERE username IN
          (SELECT username FROM sign_in_throttle \(Self.forgottenThrottleCondition)
           ORDER BY last_failure_at LIMIT ?3)
        """, [.time(now), .time(cutoff), .integer(limit.map { Int64(max($0, 0)) } ?? -1)])
    }
  }

  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    try run {
      Int(
        try database.scalarInt(
          "SELECT count(*) FROM sign_in_throttle \(Self.forgottenThrottleCondition)",
          [.time(now), .time(cutoff)]))
    }
  }

  /// Not locked at ?1, latest failure known (not 0) and at or before ?2; the index on
  /// last_failure_at finds them. Also what the inspector counts as prunable.
  static let forgottenThrottleCondition = """
    WHERE last_failure_at BETWEEN 1 AND ?2 AND (locked_until IS NULL OR locked_until <= ?1)
    """
}
