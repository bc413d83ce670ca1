#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An account as the database tools list it (`users list`), on either engine: never a hash.
public struct UserDirectoryEntry: Hashable, Sendable, Codable {
  /// The row id.
  public let id: Int64
  /// The canonical username.
  public let username: String
  /// When the account was created.
  public let createdAt: Date
  /// When the account last changed.
  public let updatedAt: Date
  /// The latest successful sign-in recorded in the audit log (a sign-up counts as the
  /// first), if any.
  public let lastSignInAt: Date?
  /// Sessions not yet expired at the listing's time.
  public let activeSessions: Int
  /// Whether an operator locked the account.
  public let isLocked: Bool
  /// Whether the account's second factor is on (a pending one is not).
  public let hasSecondFactor: Bool
  /// The first moment the account is refused; `nil` when it never expires.
  public let expiresAt: Date?

  /// Describes a listed account.
  public init(
    id: Int64, username: String, createdAt: Date, updatedAt: Date, lastSignInAt: Date?,
    activeSessions: Int, isLocked: Bool = false, hasSecondFactor: Bool = false,
    expiresAt: Date? = nil
  ) {
    self.expiresAt = expiresAt
    self.id = id
    self.username = username
    self.createdAt = createdAt
    self.updatedAt = updatedAt
    self.lastSignInAt = lastSignInAt
    self.activeSessions = activeSessions
    self.isLocked = isLocked
    self.hasSecondFactor = hasSecondFactor
  }
}
