#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Users, inside a transaction.
public protocol UserStore {
  /// Inserts a user. Throws `AuthError.store(.usernameTaken)` when the canonical name exists,
  /// decided by the schema's UNIQUE constraint, never by a check first.
  func insertUser(username: Username, passwordHash: String, at time: Date) throws(AuthError) -> User
  /// The user with this canonical name, with its hash and lock.
  func userRecord(named username: Username) throws(AuthError) -> UserRecord?
  /// The user with this id, with its hash and lock.
  func userRecord(id: UserID) throws(AuthError) -> UserRecord?
  /// Replaces a user's password hash and moves `updatedAt`.
  func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date) throws(AuthError)
  /// Sets (or with `nil` lifts) the operator's lock and moves `updatedAt`. The lock is its
  /// own state, apart from the sign-in throttle; the use cases read it from `userRecord`.
  func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError)
  /// Sets (or with `nil` clears) the first moment the account is refused, and moves
  /// `updatedAt`; the use cases read it from `userRecord`.
  func setExpiry(_ expiresAt: Date?, for userID: UserID, at time: Date) throws(AuthError)
  /// Sets or clears whether the account must choose a new password before its next session
  /// starts (`UserRecord.passwordChangeRequired`), and moves `updatedAt`. A new password
  /// does not clear it by itself: the use case that stores one says so.
  func setPasswordChangeRequired(
    _ required: Bool, for userID: UserID, at time: Date) throws(AuthError)
  /// Deletes the account; returns whether it existed. Its sessions must go with it (the
  /// use case ends them first anyway); its audit events stay, with their username, but
  /// no longer name the account's id.
  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool
  /// Up to `limit` accounts with their hashes and locks, in id order, after `after` (from
  /// the first with `nil`): an export reads every account a page at a time.
  func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord]
  /// Gives the account a new canonical name and moves `updatedAt`. Throws
  /// `AuthError.store(.usernameTaken)` when another account has it, decided by the schema.
  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError)
}
