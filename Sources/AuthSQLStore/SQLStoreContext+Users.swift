import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLStoreContext {
  package func userRecord(id: UserID) throws(AuthError) -> UserRecord? {
    try run { () throws(Failure) in
      try queryFirst(
        "SELECT \(Self.userRecordColumns) FROM users WHERE id = \(id.rawValue)",
        row: Self.userRecord)
    }
  }

  package func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord] {
    try run { () throws(Failure) in
      try query(
        """
        SELECT \(Self.userRecordColumns) FROM users
        WHERE id > \(after?.rawValue ?? 0) ORDER BY id LIMIT \(limit)
        """, row: Self.userRecord)
    }
  }

  package func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date
  ) throws(AuthError) {
    try updateAccount(userID, setting: "password_hash = \(passwordHash)", at: time)
  }

  package func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError) {
    try updateAccount(
      userID, setting: "locked_at = \(lock?.lockedAt), lock_reason = \(lock?.reason)", at: time)
  }

  package func setExpiry(_ expiresAt: Date?, for userID: UserID, at time: Date) throws(AuthError) {
    try updateAccount(userID, setting: "expires_at = \(expiresAt)", at: time)
  }

  package func setPasswordChangeRequired(
    _ required: Bool, for userID: UserID, at time: Date
  ) throws(AuthError) {
    try updateAccount(userID, setting: "password_change_required = \(required)", at: time)
  }

  /// Changes an account's columns by `assignments`; every change moves its `updated_at`.
  private func updateAccount(
    _ userID: UserID, setting assignments: Query, at time: Date
  ) throws(AuthError) {
    try run { () throws(Failure) in
      try execute(
        "UPDATE users SET \(assignments), updated_at = \(time) WHERE id = \(userID.rawValue)")
    }
  }
}
