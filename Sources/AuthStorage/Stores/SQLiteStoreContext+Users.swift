import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func insertUser(username: Username, passwordHash: String, at time: Date) throws(AuthError) -> User
  {
    try run {
      do {
        // The sign-up path, also in bulk: both texts bound in place, no array of values.
        try database.withStatement(
          """
          INSERT INTO users (username, password_hash, created_at, updated_at)
          VALUES (?1, ?2, ?3, ?3)
          """
        ) { statement in
          try statement.withBound(username.canonical, at: 1) {
            try statement.withBound(passwordHash, at: 2) {
              try statement.bind(StoredTime.milliseconds(time), at: 3)
              while try statement.step() {}
            }
          }
        }
      } catch let error as SQLiteEngineError where error.isUniqueViolation {
        // The schema decides: a racing insert of the same name lands here too.
        throw StoreError.usernameTaken
      }
      let storedTime = StoredTime.rounded(time)
      return User(
        id: UserID(rawValue: database.lastInsertRowID), username: username.canonical,
        createdAt: storedTime, updatedAt: storedTime)
    }
  }

  func userRecord(named username: Username) throws(AuthError) -> UserRecord? {
    try run {
      try database.queryFirst(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE username = ?1
        """, [.text(username.canonical)], row: Self.userRecord)
    }
  }

  func userRecord(id: UserID) throws(AuthError) -> UserRecord? {
    try run {
      try database.queryFirst(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE id = ?1
        """, [.integer(id.rawValue)], row: Self.userRecord)
    }
  }

  func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date
  ) throws(AuthError) {
    try run {
      try database.execute(
        "UPDATE users SET password_hash = ?1, updated_at = ?2 WHERE id = ?3",
        [.text(passwordHash), .time(time), .integer(userID.rawValue)])
    }
  }

  func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError) {
    try run {
      try database.execute(
        "UPDATE users SET locked_at = ?1, lock_reason = ?2, updated_at = ?3 WHERE id = ?4",
        [
          lock.map { .time($0.lockedAt) } ?? .null, lock.map { .text($0.reason) } ?? .null,
          .time(time), .integer(userID.rawValue),
        ])
    }
  }

  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    try run {
      // The account's events keep its last name, so its whole history, under whatever
      // names it had, reads and is found under that one once nothing links it.
      try database.execute(
        """
        UPDATE auth_events SET username = (SELECT username FROM users WHERE id = ?1)
        WHERE user_id = ?1
        """, [.integer(userID.rawValue)])
      // The foreign keys end the sessions (CASCADE) and unlink the audit events (SET NULL).
      return try database.execute("DELETE FROM users WHERE id = ?1", [.integer(userID.rawValue)])
        > 0
    }
  }

  /// Reads a user from columns id, username, created_at, updated_at starting at `first`.
  static func user(from row: SQLiteStatement, first: Int32 = 0) -> User {
    User(
      id: UserID(rawValue: row.int64(at: first)), username: row.string(at: first + 1),
      createdAt: row.date(at: first + 2), updatedAt: row.date(at: first + 3))
  }

  /// Reads a record from the columns of `user(from:)`, then password_hash, locked_at and
  /// lock_reason.
  func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord] {
    try run {
      try database.query(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE id > ?1 ORDER BY id LIMIT ?2
        """, [.integer(after?.rawValue ?? 0), .integer(Int64(limit))], row: Self.userRecord)
    }
  }

  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError) {
    try run {
      do {
        try database.execute(
          "UPDATE users SET username = ?1, updated_at = ?2 WHERE id = ?3",
          [.text(username.canonical), .time(time), .integer(userID.rawValue)])
      } catch let error as SQLiteEngineError where error.isUniqueViolation {
        throw StoreError.usernameTaken
      }
    }
  }

  private static func userRecord(from row: SQLiteStatement) -> UserRecord {
    let lock = row.optionalDate(at: 5).map {
      AccountLock(lockedAt: $0, reason: row.optionalString(at: 6) ?? "")
    }
    return UserRecord(user: user(from: row), passwordHash: row.string(at: 4), lock: lock)
  }
}
