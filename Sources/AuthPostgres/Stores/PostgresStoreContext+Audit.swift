import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    try run { () throws(PostgresError) in
      // One statement for every combination: a condition whose value is NULL holds. An
      // account's events read with its name now; a name alone selects events of no account,
      // as typed or as its keyed hash (a failed sign-in at a free name).
      let kinds = query.kinds.map { $0.map(\.rawValue).sorted().joined(separator: ",") }
      var hashedName: String?
      if let username = query.username { hashedName = try storedName(username) }
      let userID = query.userID?.rawValue
      // Clamped before the text, whose calls are all PostgreSQL functions named with their
      // schema.
      let rowLimit = max(query.limit, 0)
      return try database().query(
        """
        SELECT auth_events.id, auth_events.time, auth_events.kind, auth_events.user_id,
          COALESCE(users.username, auth_events.username) AS username, auth_events.detail
        FROM auth_events LEFT JOIN users ON users.id = auth_events.user_id
        WHERE (\(query.username)::text IS NULL
            OR (auth_events.user_id IS NULL AND (auth_events.username = \(query.username)::text
              OR auth_events.username = \(hashedName)::text)))
          AND (\(userID)::bigint IS NULL OR auth_events.user_id = \(userID)::bigint)
          AND (\(kinds)::text IS NULL
            OR auth_events.kind = ANY (pg_catalog.string_to_array(\(kinds)::text, ',')))
          AND (\(query.since)::bigint IS NULL OR auth_events.time >= \(query.since)::bigint)
        ORDER BY auth_events.time DESC, auth_events.id DESC LIMIT \(rowLimit)
        """, row: Self.event)
    }
  }

  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date? {
    try run { () throws(PostgresError) in
      let kinds = kinds.map(\.rawValue).sorted().joined(separator: ",")
      return try database().queryFirst(
        """
        SELECT pg_catalog.max(time) AS latest FROM auth_events
        WHERE user_id = \(userID.rawValue)
          AND kind = ANY (pg_catalog.string_to_array(\(kinds)::text, ','))
        """
      ) { row throws(PostgresError) in try row.decode(Date?.self, "latest") } ?? nil
    }
  }
}
