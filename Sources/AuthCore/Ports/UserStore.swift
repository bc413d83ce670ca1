#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Users, inside a transaction.
public protocol UserStore {
  /// Inserts a user. Throws `StoreError.usernameTaken` when the canonical name exists,
  /// decided by the schema's UNIQUE constraint, never by a check first.
  func insertUser(username: Username, passwordHash: String, at time: Date) throws -> User
  /// The user with this canonical name, with its hash.
  func userRecord(named username: Username) throws -> UserRecord?
  /// The user with this id, with its hash.
  func userRecord(id: UserID) throws -> UserRecord?
  /// Replaces a user's password hash and moves `updatedAt`.
  func updatePasswordHash(_ passwordHash: String, for userID: UserID, at time: Date) throws
}
