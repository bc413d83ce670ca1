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
    try runNamingUser { () throws(SQLiteError) in
      try database.execute(
        """
        INSERT INTO users (username, password_hash, created_at, updated_at)
        VALUES (\(username.canonical), \(passwordHash), \(time), \(time))
        """)
    }
    let storedTime = StoredTime.rounded(time)
    return User(
      id: UserID(rawValue: database.lastInsertRowID), username: username.canonical,
      createdAt: storedTime, updatedAt: storedTime)
  }

  func userRecord(named username: Username) throws(AuthError) -> UserRecord? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        "SELECT \(Self.userRecordColumns) FROM users WHERE username = \(username.canonical)",
        row: Self.userRecord)
    }
  }

  func userRecord(id: UserID) throws(AuthError) -> UserRecord? {
    try run { () throws(SQLiteError) in
      try database.queryFirst(
        "SELECT \(Self.userRecordColumns) FROM users WHERE id = \(id.rawValue)",
        row: Self.userRecord)
    }
  }

  func updatePasswordHash(
    _ passwordHash: String, for userID: UserID, at time: Date
  ) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE users SET password_hash = \(passwordHash), updated_at = \(time)
        WHERE id = \(userID.rawValue)
        """)
    }
  }

  func setLock(_ lock: AccountLock?, for userID: UserID, at time: Date) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE users SET locked_at = \(lock?.lockedAt), lock_reason = \(lock?.reason),
          updated_at = \(time)
        WHERE id = \(userID.rawValue)
        """)
    }
  }

  func setExpiry(_ expiresAt: Date?, for userID: UserID, at time: Date) throws(AuthError) {
    try run { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE users SET expires_at = \(expiresAt), updated_at = \(time)
        WHERE id = \(userID.rawValue)
        """)
    }
  }

  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    try run { () throws(SQLiteError) in
      // The account's events keep its last name, so its whole history, under whatever
      // names it had, reads and is found under that one once nothing links it.
      try database.execute(
        """
        UPDATE auth_events SET username = (SELECT username FROM users WHERE id = \(userID.rawValue))
        WHERE user_id = \(userID.rawValue)
        """)
      // The foreign keys end the sessions (CASCADE) and unlink the audit events (SET NULL).
      return try database.execute("DELETE FROM users WHERE id = \(userID.rawValue)") > 0
    }
  }

  func userRecords(after: UserID?, limit: Int) throws(AuthError) -> [UserRecord] {
    try run { () throws(SQLiteError) in
      try database.query(
        """
        SELECT \(Self.userRecordColumns) FROM users
        WHERE id > \(after?.rawValue ?? 0) ORDER BY id LIMIT \(limit)
        """, row: Self.userRecord)
    }
  }

  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError) {
    try runNamingUser { () throws(SQLiteError) in
      try database.execute(
        """
        UPDATE users SET username = \(username.canonical), updated_at = \(time)
        WHERE id = \(userID.rawValue)
        """)
    }
  }
}
