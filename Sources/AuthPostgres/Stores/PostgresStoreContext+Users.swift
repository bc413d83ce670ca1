import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func insertUser(username: Username, passwordHash: String, at time: Date) throws(AuthError) -> User
  {
    try run {
      let id: Int64?
      do {
        let nameHash = try lookupName(username.canonical)
        id = try database().queryFirst(
          """
          INSERT INTO users (username, name_hash, password_hash, created_at, updated_at)
          VALUES ($1, $2, $3, $4, $4) RETURNING id
          """, [.text(username.canonical), .text(nameHash), .text(passwordHash), .time(time)]
        ) { row in try row.int64(0) }
      } catch let error as PostgresError where error.isUniqueViolation {
        // The schema decides: a racing insert of the same name lands here too.
        throw StoreError.usernameTaken
      }
      guard let id else { throw PostgresError.unexpectedValue(column: "users.id") }
      let storedTime = StoredTime.rounded(time)
      return User(
        id: UserID(rawValue: id), username: username.canonical, createdAt: storedTime,
        updatedAt: storedTime)
    }
  }

  /// Found by the name's keyed hash alone: the name may be a secret typed in the wrong
  /// field, and a server that logs statements writes every bound value to its log.
  func userRecord(named username: Username) throws(AuthError) -> UserRecord? {
    try run {
      let nameHash = try lookupName(username.canonical)
      return try database().queryFirst(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE name_hash = $1
        """, [.text(nameHash)], row: Self.userRecord)
    }
  }

  /// The form under which an account's name is looked up (`users.name_hash`, migration
  /// 0007): `NameHash.lookupHex` under this database's key.
  func lookupName(_ name: String) throws -> String {
    guard let hashed = NameHash.lookupHex(of: name, key: try nameKey()) else {
      throw PostgresError.unexpectedValue(column: "secret_keys.key")
    }
    return hashed
  }

  func userRecord(id: UserID) throws(AuthError) -> UserRecord? {
    try run {
      try database().queryFirst(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE id = $1
        """, [.bigint(id.rawValue)], row: Self.userRecord)
    }
  }

  func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date
  ) throws(AuthError) {
    try run {
      try database().execute(
        "UPDATE users SET password_hash = $1, updated_at = $2 WHERE id = $3",
        [.text(passwordHash), .time(time), .bigint(userID.rawValue)])
    }
  }

  func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError) {
    try run {
      try database().execute(
        "UPDATE users SET locked_at = $1, lock_reason = $2, updated_at = $3 WHERE id = $4",
        [
          lock.map { .time($0.lockedAt) } ?? .null, lock.map { .text($0.reason) } ?? .null,
          .time(time), .bigint(userID.rawValue),
        ])
    }
  }

  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    try run {
      // The account's events keep its last name, so its whole history, under whatever
      // names it had, reads and is found under that one once nothing links it.
      try database().execute(
        """
        UPDATE auth_events SET username = (SELECT username FROM users WHERE id = $1)
        WHERE user_id = $1
        """, [.bigint(userID.rawValue)])
      // The foreign keys end the sessions (CASCADE) and unlink the audit events (SET NULL).
      return try database().execute(
        "DELETE FROM users WHERE id = $1", [.bigint(userID.rawValue)]) > 0
    }
  }

  func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord] {
    try run {
      try database().query(
        """
        SELECT id, username, created_at, updated_at, password_hash, locked_at, lock_reason
        FROM users WHERE id > $1 ORDER BY id LIMIT $2
        """, [.bigint(after?.rawValue ?? 0), .bigint(Int64(limit))], row: Self.userRecord)
    }
  }

  /// The keyed name hash moves with the name, so the account is found under the new one.
  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError) {
    try run {
      do {
        let nameHash = try lookupName(username.canonical)
        try database().execute(
          "UPDATE users SET username = $1, name_hash = $2, updated_at = $3 WHERE id = $4",
          [.text(username.canonical), .text(nameHash), .time(time), .bigint(userID.rawValue)])
      } catch let error as PostgresError where error.isUniqueViolation {
        throw StoreError.usernameTaken
      }
    }
  }

  /// Reads a user from columns id, username, created_at, updated_at starting at `first`.
  static func user(from row: PostgresRow, first: Int32 = 0) throws -> User {
    User(
      id: UserID(rawValue: try row.int64(first)), username: row.string(first + 1),
      createdAt: try row.date(first + 2), updatedAt: try row.date(first + 3))
  }

  /// Reads a record from the columns of `user(from:)`, then password_hash, locked_at and
  /// lock_reason.
  private static func userRecord(from row: PostgresRow) throws -> UserRecord {
    let lock = try row.optionalDate(5).map {
      AccountLock(lockedAt: $0, reason: row.optionalString(6) ?? "")
    }
    return UserRecord(user: try user(from: row), passwordHash: row.string(4), lock: lock)
  }
}
