/// Persisted sign-in throttling per canonical username, inside a transaction,
/// so that separate processes share it.
public protocol ThrottleStore {
  /// The state for a name; `.clear` when none is stored.
  func throttleState(for username: String) throws -> ThrottleState
  /// Stores the state for a name.
  func saveThrottleState(_ state: ThrottleState, for username: String) throws
  /// Forgets the state for a name (after a success).
  func clearThrottleState(for username: String) throws
}
