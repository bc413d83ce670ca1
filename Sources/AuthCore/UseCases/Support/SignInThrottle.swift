#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Counts failed password checks per canonical username and decides when to refuse.
///
/// The rule, applied inside write transactions so that concurrent attempts from any
/// number of processes are counted exactly:
/// - While locked, an attempt is refused and does not count: it neither extends
///   the lock nor is its password judged (a dummy verify still runs for equal work).
/// - A password check (`PasswordCheck`) is judged while holding its key's turn
///   (`CheckTurns`) and counts its failure after the verify (`recordFailure`), so parallel
///   checks are judged one after the other, each seeing the count the one before left:
///   parallel wrong guesses cannot slip past the limit, parallel right passwords all pass,
///   and a check cut short counts nothing. A success then clears the state.
/// - A second factor's code is counted before it is judged (`reserveAttempt`), with no
///   turn: a code costs no verify worth waiting for.
/// - The failure that brings the count to `freeFailures` locks for `initialLock`;
///   each further counted failure locks for twice as long as the one before, up to
///   `maximumLock` (standard: 5 failures, then 1, 2, 4, 8, 15, 15, … minutes).
/// - Failures are forgotten once the name is not locked and the latest one is older than
///   `forgetAfter` (a day): the count starts again, and housekeeping may delete the row.
struct SignInThrottle {
  /// The numbers.
  let rules: ThrottleRules

  /// Counts an attempt now, or says it is refused because the name is locked.
  /// Returns whether the password may be checked.
  func reserveAttempt(
    for name: String, at now: Date, in context: any AuthStoreContext
  ) throws(AuthError)
    -> Bool
  {
    guard let next = reserved(after: try context.throttleState(for: name), at: now) else {
      return false
    }
    try context.saveThrottleState(next, for: name)
    return true
  }

  /// The state after counting one more attempt, or `nil` while `state` is locked (the
  /// attempt is refused and not counted). The same rule for a name and a device cookie.
  func reserved(after stored: ThrottleState, at now: Date) -> ThrottleState? {
    stored.isLocked(at: now) ? nil : failed(after: stored, at: now)
  }

  /// Counts one judged failure now, whether or not something else locked the name meanwhile.
  func recordFailure(
    for name: String, at now: Date, in context: any AuthStoreContext
  )
    throws(AuthError)
  {
    try context.saveThrottleState(
      failed(after: try context.throttleState(for: name), at: now), for: name)
  }

  /// The state after one more judged failure at `now`, counted even while locked (a failure
  /// judged under a turn while a code attempt locked the name). The same rule for a name and
  /// a device cookie.
  func failed(after stored: ThrottleState, at now: Date) -> ThrottleState {
    var state = stored
    if state.isForgotten(at: now, failuresBefore: rules.forgetCutoff(at: now)) { state = .clear }
    // Saturating: a count read from the database is not trusted to leave room for one more.
    let failures =
      state.consecutiveFailures < .max ? max(state.consecutiveFailures, 0) + 1 : .max
    let lockedUntil = lockLength(afterFailures: failures).map { now.addingTimeInterval($0) }
    return ThrottleState(
      consecutiveFailures: failures, lockedUntil: lockedUntil, lastFailureAt: now)
  }

  /// Forgets the failures after a success.
  func recordSuccess(for name: String, in context: any AuthStoreContext) throws(AuthError) {
    try context.clearThrottleState(for: name)
  }

  /// How long the `failures`-th consecutive failure locks, or `nil` while under the limit.
  func lockLength(afterFailures failures: Int) -> TimeInterval? {
    guard failures >= rules.freeFailures else { return nil }
    // Doubling stops once past the cap, so the exponent never overflows.
    var length = rules.initialLock
    var step = rules.freeFailures
    // A non-positive first lock would never reach the cap; it stops at once instead.
    while step < failures, length > 0, length < rules.maximumLock {
      length *= 2
      step += 1
    }
    return min(length, rules.maximumLock)
  }
}
