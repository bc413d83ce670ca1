#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The database identity of a user.
public struct UserID: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
  /// The row id.
  public let rawValue: Int64
  /// Wraps a row id.
  public init(rawValue: Int64) { self.rawValue = rawValue }
  /// The row id as text.
  public var description: String { String(rawValue) }
}

/// An account as the rest of the app sees it: never carries the password hash.
public struct User: Hashable, Sendable {
  /// The database identity.
  public let id: UserID
  /// The canonical username (see `Username`).
  public let username: String
  /// When the account was created.
  public let createdAt: Date
  /// When the account last changed (password change, rehash).
  public let updatedAt: Date

  /// Creates a user value; stores build these from rows.
  public init(id: UserID, username: String, createdAt: Date, updatedAt: Date) {
    self.id = id
    self.username = username
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// A user together with the stored password hash, lock, expiry and demand for a new password,
/// which only the use cases read.
public struct UserRecord: Hashable, Sendable {
  /// The account.
  public let user: User
  /// The PHC string of the password hash (for example `$argon2id$v=19$m=…`).
  public let passwordHash: String
  /// The operator's lock, when one stands.
  public let lock: AccountLock?
  /// The first moment the account is refused (`users expire`); `nil` when it never expires.
  public let expiresAt: Date?
  /// Whether a right password starts no session until a new one is chosen (`passwd -e`).
  public let passwordChangeRequired: Bool

  /// Pairs a user with its stored hash, lock, expiry and whether a new password is due.
  public init(
    user: User, passwordHash: String, lock: AccountLock? = nil, expiresAt: Date? = nil,
    passwordChangeRequired: Bool = false
  ) {
    self.user = user
    self.passwordHash = passwordHash
    self.lock = lock
    self.expiresAt = expiresAt
    self.passwordChangeRequired = passwordChangeRequired
  }

  /// Whether the account has expired at `now`: from its expiry on, every sign-in and
  /// password check is refused as a locked account's is.
  public func isExpired(at now: Date) -> Bool {
    guard let expiresAt else { return false }
    return now >= expiresAt
  }
}
