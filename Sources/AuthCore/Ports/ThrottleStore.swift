#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Persisted sign-in throttling per canonical username, inside a transaction,
/// so that separate processes share it.
public protocol ThrottleStore {
  /// The state for a name; `.clear` when none is stored.
  func throttleState(for username: String) throws(AuthError) -> ThrottleState
  /// Stores the state for a name, `lastFailureAt` included.
  func saveThrottleState(_ state: ThrottleState, for username: String) throws(AuthError)
  /// Forgets the state for a name (after a success, or an operator's unlock).
  func clearThrottleState(for username: String) throws(AuthError)
  /// Deletes states that no longer matter: not locked at `now` (no `lockedUntil`, or one
  /// at or before `now`) and with `lastFailureAt` at or before `cutoff` (or unknown). At
  /// most `limit` of them when a limit is given; returns how many.
  func deleteForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date, limit: Int?
  )
    throws(AuthError) -> Int
  /// How many states `deleteForgottenThrottleStates` would delete without a limit.
  func countForgottenThrottleStates(
    at now: Date, failuresBefore cutoff: Date
  ) throws(AuthError) -> Int
}
