#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Persisted sign-in failures for one canonical username (known or not).
public struct ThrottleState: Hashable, Sendable {
  /// Failed attempts since the last success.
  public let consecutiveFailures: Int
  /// Until when further attempts are refused, if locked.
  public let lockedUntil: Date?
  /// When the latest failure was counted; `nil` when unknown (a state saved without it).
  public let lastFailureAt: Date?

  /// No failures, not locked.
  public static let clear = ThrottleState(consecutiveFailures: 0, lockedUntil: nil)

  /// Describes a throttle state.
  public init(consecutiveFailures: Int, lockedUntil: Date?, lastFailureAt: Date? = nil) {
    self.consecutiveFailures = consecutiveFailures
    self.lockedUntil = lockedUntil
    self.lastFailureAt = lastFailureAt
  }

  /// Whether the failures are old enough to forget at `now`: not locked, and the latest
  /// failure known and at or before `cutoff`. A forgotten state counts as `.clear`,
  /// whether or not housekeeping has deleted it yet; one of unknown age is never forgotten.
  public func isForgotten(at now: Date, failuresBefore cutoff: Date) -> Bool {
    guard !isLocked(at: now), let lastFailureAt else { return false }
    return lastFailureAt <= cutoff
  }

  /// Whether attempts are refused at `now`.
  public func isLocked(at now: Date) -> Bool {
    guard let lockedUntil else { return false }
    return now < lockedUntil
  }
}
