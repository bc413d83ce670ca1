#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Deletes rows that no longer matter: sessions past their expiry, throttle states whose
/// failures are forgotten (see `SignInThrottle`), and device cookies past their expiry.
/// None changes what any check answers, since an expired session is refused, a forgotten
/// state counts as clear, and an expired cookie is not trusted (nor is its lock applied).
struct Housekeeper {
  /// The throttle's rules decide when failures are forgotten.
  let throttle: ThrottleRules

  /// Deletes at most `limit` rows of each kind (every one when `nil`) inside the caller's
  /// transaction.
  @discardableResult
  func prune(
    at now: Date, limit: Int?, in context: any AuthStoreContext
  ) throws(AuthError) -> PruneReport {
    if let limit, limit <= 0 { return PruneReport(expiredSessions: 0, forgottenThrottleStates: 0) }
    return PruneReport(
      expiredSessions: try context.deleteExpiredSessions(asOf: now, limit: limit),
      forgottenThrottleStates: try context.deleteForgottenThrottleStates(
        at: now, failuresBefore: throttle.forgetCutoff(at: now), limit: limit),
      expiredDeviceCookies: try context.deleteExpiredDeviceCookies(asOf: now, limit: limit))
  }

  /// How many rows of each kind `prune` would delete without a limit.
  func count(at now: Date, in context: any AuthStoreContext) throws(AuthError) -> PruneReport {
    PruneReport(
      expiredSessions: try context.countExpiredSessions(asOf: now),
      forgottenThrottleStates: try context.countForgottenThrottleStates(
        at: now, failuresBefore: throttle.forgetCutoff(at: now)),
      expiredDeviceCookies: try context.countExpiredDeviceCookies(asOf: now))
  }
}
