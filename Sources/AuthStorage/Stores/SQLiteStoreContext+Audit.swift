import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    try run { () throws(SQLiteError) in
      // One statement for every combination: a condition whose value is NULL holds.
      // The kinds arrive as one comma-separated text, so the statement text never varies.
      // An account's events read with its name now; a name alone selects events of no
      // account, as typed or as its keyed hash (a failed sign-in at a free name).
      let kinds = query.kinds.map { $0.map(\.rawValue).sorted().joined(separator: ",") }
      var hashedName: String?
      if let username = query.username { hashedName = try storedName(username) }
      let userID = query.userID?.rawValue
      return try database.query(
        """
        SELECT auth_events.id, auth_events.time, auth_events.kind, auth_events.user_id,
          coalesce(users.username, auth_events.username) AS username, auth_events.detail
        FROM auth_events LEFT JOIN users ON users.id = auth_events.user_id
        WHERE (\(query.username) IS NULL OR (auth_events.user_id IS NULL
            AND (auth_events.username = \(query.username) OR auth_events.username = \(hashedName))))
          AND (\(userID) IS NULL OR auth_events.user_id = \(userID))
          AND (\(kinds) IS NULL OR instr(',' || \(kinds) || ',', ',' || auth_events.kind || ',') > 0)
          AND (\(query.since) IS NULL OR auth_events.time >= \(query.since))
        ORDER BY auth_events.time DESC, auth_events.id DESC LIMIT \(max(query.limit, 0))
        """, row: Self.event)
    }
  }

  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date? {
    try run { () throws(SQLiteError) in
      let kinds = kinds.map(\.rawValue).sorted().joined(separator: ",")
      return try database.queryFirst(
        """
        SELECT max(time) AS latest FROM auth_events
        WHERE user_id = \(userID.rawValue) AND instr(',' || \(kinds) || ',', ',' || kind || ',') > 0
        """
      ) { row throws(SQLiteError) in try row.decode(Date?.self, "latest") } ?? nil
    }
  }
}
