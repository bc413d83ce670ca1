#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How many rows housekeeping deleted, or would delete.
public struct PruneReport: Hashable, Sendable {
  /// Sessions past their expiry.
  public let expiredSessions: Int
  /// Sign-in throttle rows whose failures are forgotten (not locked, quiet for a day).
  public let forgottenThrottleStates: Int
  /// Device cookies past their expiry (no longer trusted).
  public let expiredDeviceCookies: Int

  /// Describes the counts.
  public init(expiredSessions: Int, forgottenThrottleStates: Int, expiredDeviceCookies: Int = 0) {
    self.expiredSessions = expiredSessions
    self.forgottenThrottleStates = forgottenThrottleStates
    self.expiredDeviceCookies = expiredDeviceCookies
  }
}

/// Deleting what no longer matters (`authcli sessions prune`, like Django's
/// `clearsessions`). Nothing deleted changes an answer: an expired session is refused
/// anyway, a forgotten throttle state counts as clear, and an expired device cookie is
/// no longer trusted.
public protocol HousekeepingUseCase: Sendable {
  /// What `prune` would delete now, without deleting it.
  func prunable() async throws(AuthError) -> PruneReport
  /// Deletes every expired session, forgotten throttle row and expired device cookie, with
  /// one audit event.
  func prune() async throws(AuthError) -> PruneReport
}

/// Housekeeping over the store, with the throttle's rules for when failures are forgotten.
public struct HousekeepingService: HousekeepingUseCase {
  private let ports: OperatorPorts

  /// Takes the ports it works through and the rules it applies.
  public init(store: any AuthStore, clock: any WallClock, policy: AuthPolicy = .standard) {
    ports = OperatorPorts(store: store, clock: clock, policy: policy)
  }

  /// Counts in one read transaction.
  public func prunable() async throws(AuthError) -> PruneReport {
    let now = ports.clock.now()
    let housekeeper = Housekeeper(throttle: ports.policy.throttle)
    return try await ports.store.read { context throws(AuthError) in
      try housekeeper.count(at: now, in: context)
    }
  }

  /// Deletes in one write transaction, together with the `pruned` audit event.
  public func prune() async throws(AuthError) -> PruneReport {
    let now = ports.clock.now()
    let housekeeper = Housekeeper(throttle: ports.policy.throttle)
    return try await ports.store.write { context throws(AuthError) in
      let report = try housekeeper.prune(at: now, limit: nil, in: context)
      try context.append(
        AuthEventDraft(
          time: now, kind: .pruned, userID: nil, username: nil,
          detail:
            "\(report.expiredSessions) expired session(s), "
            + "\(report.forgottenThrottleStates) throttle row(s), "
            + "\(report.expiredDeviceCookies) device cookie(s)"))
      return report
    }
  }
}
