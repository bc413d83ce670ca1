import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func throttleState(for username: String) throws -> ThrottleState {
    try database().queryFirst(
      "SELECT consecutive_failures, locked_until FROM sign_in_throttle WHERE username = $1",
      [.text(username)]
    ) { row in
      ThrottleState(
        consecutiveFailures: Int(try row.int64(0)), lockedUntil: try row.optionalDate(1))
    } ?? .clear
  }

  func saveThrottleState(_ state: ThrottleState, for username: String) throws {
    try database().execute(
      """
      INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until)
      VALUES ($1, $2, $3)
      ON CONFLICT (username) DO UPDATE
      SET consecutive_failures = excluded.consecutive_failures,
          locked_until = excluded.locked_until
      """,
      [
        .text(username), .bigint(Int64(state.consecutiveFailures)),
        state.lockedUntil.map { .time($0) } ?? .null,
      ])
  }

  func clearThrottleState(for username: String) throws {
    try database().execute("DELETE FROM sign_in_throttle WHERE username = $1", [.text(username)])
  }
}
