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
    let id = try runNamingUser { () throws(PostgresError) in
      let nameHash = try lookupName(username.canonical)
      return try database().queryFirst(
        """
        INSERT INTO users (username, name_hash, password_hash, created_at, updated_at)
        VALUES (\(username.canonical), \(nameHash), \(passwordHash), \(time), \(time))
        RETURNING id
        """
      ) { row throws(PostgresError) in try row.decode(Int64.self, "id") }
    }
    guard let id else {
      throw .store(StoreError(PostgresError.unexpectedValue(column: "users.id")))
    }
    let storedTime = StoredTime.rounded(time)
    return User(
      id: UserID(rawValue: id), username: username.canonical, createdAt: storedTime,
      updatedAt: storedTime)
  }

  /// Found by the name's keyed hash alone: the name may be a secret typed in the wrong
  /// field, and a server that logs statements writes every bound value to its log.
  func userRecord(named username: Username) throws(AuthError) -> UserRecord? {
    try run { () throws(PostgresError) in
      let nameHash = try lookupName(username.canonical)
      return try database().queryFirst(
        "SELECT \(Self.userRecordColumns) FROM users WHERE name_hash = \(nameHash)",
        row: Self.userRecord)
    }
  }

  /// The form under which an account's name is looked up (`users.name_hash`, migration
  /// 0007): `NameHash.lookupHex` under this database's key.
  func lookupName(_ name: String) throws(PostgresError) -> String {
    try keyedHash(of: name, by: NameHash.lookupHex)
  }

  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    // Set when an app's key refused the deletion: the table the server named, if any.
    var restricting: String?? = nil
    let deleted = try run { () throws(PostgresError) in
      // The account's events keep its last name, so its whole history, under whatever
      // names it had, reads and is found under that one once nothing links it.
      try database().execute(
        """
        UPDATE auth_events SET username = (SELECT username FROM users WHERE id = \(userID.rawValue))
        WHERE user_id = \(userID.rawValue)
        """)
      // The foreign keys end the sessions (CASCADE) and unlink the audit events (SET NULL),
      // and follow an app's: its cascading keys take its rows along, and a key that does
      // not cascade refuses the whole deletion (the server names its table).
      do throws(PostgresError) {
        return try database().execute("DELETE FROM users WHERE id = \(userID.rawValue)") > 0
      } catch .server(let error) where error.sqlState == "23503" {
        restricting = .some(error.table)
        return false
      }
    }
    if let restricting { throw .store(.accountReferenced(byTable: restricting)) }
    return deleted
  }

  /// The keyed name hash moves with the name, so the account is found under the new one.
  func renameUser(_ userID: UserID, to username: Username, at time: Date) throws(AuthError) {
    try runNamingUser { () throws(PostgresError) in
      let nameHash = try lookupName(username.canonical)
      try database().execute(
        """
        UPDATE users SET username = \(username.canonical), name_hash = \(nameHash),
          updated_at = \(time)
        WHERE id = \(userID.rawValue)
        """)
    }
  }
}
