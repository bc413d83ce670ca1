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
  func storedName(_ name: String) throws(SQLiteError) -> String {
    let key = try database.queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { row throws(SQLiteError) in try row.decode([UInt8].self, "key") }
    guard let key else { throw .unexpectedValue(column: "secret_keys.key") }
    guard key.count == NameHash.keyLength else {
      throw .corrupt(
        path: database.path,
        detail: "its name-hash key (secret_keys.key) is \(key.count) bytes, not"
          + " \(NameHash.keyLength)")
    }
    guard let hashed = NameHash.hex(of: name, key: key) else {
      throw .unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  func throttleState(for username: String) throws(AuthError) -> ThrottleState {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        """
        SELECT consecutive_failures, locked_until, last_failure_at
        FROM sign_in_throttle WHERE username = \(try storedName(username))
        """, row: Self.throttle) ?? .clear
    }
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until, last_failure_at)
        VALUES (\(try storedName(username)), \(state.consecutiveFailures), \(state.lockedUntil),
          \(state.lastFailureAt.map(StoredTime.milliseconds) ?? 0))
        ON CONFLICT (username) DO UPDATE
        SET consecutive_failures = excluded.consecutive_failures,
            locked_until = excluded.locked_until,
            last_failure_at = excluded.last_failure_at
        """)
    }
  }

  func clearThrottleState(for username: String) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        "DELETE FROM sign_in_throttle WHERE username = \(try storedName(username))")
    }
  }

  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  ) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        DELETE FROM sign_in_throttle WHERE username IN
          (SELECT username FROM sign_in_throttle \(Self.forgottenThrottles(at: now, before: cutoff))
           ORDER BY last_failure_at LIMIT \(limit.map { max($0, 0) } ?? -1))
        """)
    }
  }

  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int {
    try run { () throws(SQLiteError) in
      Int(
        try database.scalarInt(
          "SELECT count(*) FROM sign_in_throttle \(Self.forgottenThrottles(at: now, before: cutoff))"
        ))
    }
  }

  /// Not locked at `now`, latest failure known (not 0) and at or before `cutoff`; the index
  /// on last_failure_at finds them. Also what the inspector counts as prunable.
  static func forgottenThrottles(at now: Date, before cutoff: Date) -> SQLiteQuery {
    """
    WHERE last_failure_at BETWEEN 1 AND \(cutoff)
      AND (locked_until IS NULL OR locked_until <= \(now))
    """
  }
}
