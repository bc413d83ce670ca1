import AuthCore
import AuthDatabase
import CSQLite

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

  @discardableResult
  func deleteUser(_ userID: UserID) throws(AuthError) -> Bool {
    // Set when an app's key refused the deletion: the table it names, if one could be found.
    var restricting: String?? = nil
    let deleted = try run { () throws(SQLiteError) in
      // The account's events keep its last name, so its whole history, under whatever
      // names it had, reads and is found under that one once nothing links it.
      try database.execute(
        """
        UPDATE auth_events SET username = (SELECT username FROM users WHERE id = \(userID.rawValue))
        WHERE user_id = \(userID.rawValue)
        """)
      // The foreign keys end the sessions (CASCADE) and unlink the audit events (SET NULL),
      // and follow an app's: its cascading keys take its rows along, and a key that does
      // not cascade refuses the whole deletion.
      do throws(SQLiteError) {
        return try database.execute("DELETE FROM users WHERE id = \(userID.rawValue)") > 0
      } catch .engine(let error) where error.primaryCode == SQLITE_CONSTRAINT {
        // NO ACTION reports SQLITE_CONSTRAINT_FOREIGNKEY, RESTRICT the bare primary code.
        let table = try referencingTable(of: userID)
        guard table != nil || error.isForeignKeyViolation else { throw .engine(error) }
        restricting = .some(table)
        return false
      }
    }
    if let restricting { throw .store(.accountReferenced(byTable: restricting)) }
    return deleted
  }

  /// The first table (by name) holding a row that references the account through a
  /// foreign key to `users` that neither cascades nor sets null; `nil` when the reference
  /// is further away (through a table that cascades from `users`). SQLite's own refusal
  /// names no table, so the catalog's keys are asked.
  private func referencingTable(of userID: UserID) throws(SQLiteError) -> String? {
    let keys = try database.query(
      """
      SELECT m.name AS table_name, f."from" AS column_name
      FROM sqlite_schema AS m JOIN pragma_foreign_key_list(m.name) AS f
      WHERE m.type = 'table' AND lower(f."table") = 'users'
        AND f.on_delete NOT IN ('CASCADE', 'SET NULL', 'SET DEFAULT')
      ORDER BY m.name
      """
    ) { row throws(SQLiteError) in
      (try row.decode(String.self, "table_name"), try row.decode(String.self, "column_name"))
    }
    for (table, column) in keys {
      let references = try database.scalarInt(
        """
        SELECT EXISTS (SELECT 1 FROM \(identifier: table)
          WHERE \(identifier: column) = \(userID.rawValue))
        """)
      if references != 0 { return table }
    }
    return nil
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
