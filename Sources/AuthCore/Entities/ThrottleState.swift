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

  /// No failures, not locked.
  public static let clear = ThrottleState(consecutiveFailures: 0, lockedUntil: nil)

  /// Describes a throttle state.
  public init(consecutiveFailures: Int, lockedUntil: Date?) {
    self.consecutiveFailures = consecutiveFailures
    self.lockedUntil = lockedUntil
  }

  /// Whether attempts are refused at `now`.
  public func isLocked(at now: Date) -> Bool {
    guard let lockedUntil else { return false }
    return now < lockedUntil
  }
}
