#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An operator's lock on an account: while it stands, every sign-in and password check
/// is refused with the one sign-in answer, and the account has no sessions.
///
/// Separate from the sign-in throttle, which counts failures per name and ends by itself;
/// an operator lock ends only when an operator lifts it.
public struct AccountLock: Hashable, Sendable {
  /// When the account was locked.
  public let lockedAt: Date
  /// Why, in the operator's words (may be empty); never shown to the person signing in.
  public let reason: String

  /// The longest reason kept, in characters.
  public static let maximumReasonLength = 200

  /// Describes a lock.
  public init(lockedAt: Date, reason: String) {
    self.lockedAt = lockedAt
    self.reason = reason
  }
}
