#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Every number of the authentication rules, in one value.
public struct AuthPolicy: Hashable, Sendable {
  /// Username rules.
  public var username: UsernameRules
  /// Password rules.
  public var password: PasswordRules
  /// Session lifetimes.
  public var session: SessionRules
  /// Sign-in throttling.
  public var throttle: ThrottleRules
  /// How much sign-in and sign-up clean up as they go.
  public var housekeeping: HousekeepingRules

  /// The defaults documented in the README.
  public static let standard = AuthPolicy(
    username: .standard, password: .standard, session: .standard, throttle: .standard)

  /// Assembles a policy.
  public init(
    username: UsernameRules, password: PasswordRules, session: SessionRules,
    throttle: ThrottleRules, housekeeping: HousekeepingRules = .standard
  ) {
    self.username = username
    self.password = password
    self.session = session
    self.throttle = throttle
    self.housekeeping = housekeeping
  }
}

/// Housekeeping along the way: each sign-in attempt and sign-up deletes at most this many
/// expired sessions, forgotten throttle rows and expired device cookies (of each kind), so
/// no table grows without bound even when no one runs `sessions prune`, and no attempt pays
/// for a backlog.
public struct HousekeepingRules: Hashable, Sendable {
  /// The most rows of each kind one sign-in attempt or sign-up deletes; 0 turns it off.
  public var rowsPerAttempt: Int
  /// 10 of each.
  public static let standard = HousekeepingRules(rowsPerAttempt: 10)
  /// Sets the bound.
  public init(rowsPerAttempt: Int) {
    self.rowsPerAttempt = rowsPerAttempt
  }
}

/// Username rules: length bounds in characters.
public struct UsernameRules: Hashable, Sendable {
  /// Fewest characters.
  public var minimumLength: Int
  /// Most characters.
  public var maximumLength: Int
  /// 3 to 32.
  public static let standard = UsernameRules(minimumLength: 3, maximumLength: 32)
  /// Sets the bounds.
  public init(minimumLength: Int, maximumLength: Int) {
    self.minimumLength = minimumLength
    self.maximumLength = maximumLength
  }
}

/// Password rules: length bounds in Unicode code points after NFKC.
public struct PasswordRules: Hashable, Sendable {
  /// Fewest code points.
  public var minimumLength: Int
  /// Most code points.
  public var maximumLength: Int
  /// 15 to 256 (NIST SP 800-63B-4 asks at least 15 for a single-factor password).
  public static let standard = PasswordRules(minimumLength: 15, maximumLength: 256)
  /// Sets the bounds.
  public init(minimumLength: Int, maximumLength: Int) {
    self.minimumLength = minimumLength
    self.maximumLength = maximumLength
  }
}

/// Session lifetimes.
public struct SessionRules: Hashable, Sendable {
  /// A session ends this long after sign-in, however much it is used.
  public var absoluteLifetime: TimeInterval
  /// A session ends this long after its last use.
  public var idleTimeout: TimeInterval
  /// Uses closer together than this do not write `lastUsedAt` again.
  public var touchInterval: TimeInterval
  /// 30 days, 7 days, 60 seconds.
  public static let standard = SessionRules(
    absoluteLifetime: 30 * 86_400, idleTimeout: 7 * 86_400, touchInterval: 60)
  /// Sets the lifetimes.
  public init(
    absoluteLifetime: TimeInterval, idleTimeout: TimeInterval, touchInterval: TimeInterval
  ) {
    self.absoluteLifetime = absoluteLifetime
    self.idleTimeout = idleTimeout
    self.touchInterval = touchInterval
  }
}

/// Sign-in throttling per username.
public struct ThrottleRules: Hashable, Sendable {
  /// Consecutive failures allowed before a lock.
  public var freeFailures: Int
  /// The first lock's length; each further failure doubles it.
  public var initialLock: TimeInterval
  /// The longest lock.
  public var maximumLock: TimeInterval
  /// Failures are forgotten once the name is not locked and the latest failure is this
  /// old: the count starts again from zero and housekeeping may delete the row. Longer
  /// than `maximumLock`, so a lock never outlives its row.
  public var forgetAfter: TimeInterval
  /// How long a device cookie left by a successful sign-in stays trusted. Each cookie
  /// counts its own failures with the same numbers as a name does for untrusted clients.
  public var deviceCookieLifetime: TimeInterval
  /// 5 failures, then 1 minute doubling up to 15 minutes; forgotten after a quiet day;
  /// device cookies trusted for 30 days.
  public static let standard = ThrottleRules(freeFailures: 5, initialLock: 60, maximumLock: 900)
  /// Sets the numbers.
  public init(
    freeFailures: Int, initialLock: TimeInterval, maximumLock: TimeInterval,
    forgetAfter: TimeInterval = 86_400, deviceCookieLifetime: TimeInterval = 30 * 86_400
  ) {
    self.freeFailures = freeFailures
    self.initialLock = initialLock
    self.maximumLock = maximumLock
    self.forgetAfter = forgetAfter
    self.deviceCookieLifetime = deviceCookieLifetime
  }

  /// The cutoff at `now`: failures at or before it are forgotten (when not locked).
  public func forgetCutoff(at now: Date) -> Date { now.addingTimeInterval(-forgetAfter) }
}
