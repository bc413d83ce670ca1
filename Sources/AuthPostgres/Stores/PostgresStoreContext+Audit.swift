import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func append(_ event: AuthEventDraft) throws(AuthError) {
    try run { () throws(PostgresError) in
      let username = try event.storedUsername(hashed: storedName)
      try database().execute(
        """
        INSERT INTO auth_events (time, kind, user_id, username, detail)
        VALUES (\(event.time), \(event.kind.rawValue), \(event.userID?.rawValue), \(username),
          \(event.detail))
        """)
    }
  }

  func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent] {
    try events(matching: AuditQuery(limit: limit))
  }

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

  private static func event(from row: PostgresRow) throws(PostgresError) -> AuthEvent {
    guard let kind = AuthEventKind(rawValue: try row.decode(String.self, "kind")) else {
      throw .unexpectedValue(column: "auth_events.kind")
    }
    let draft = AuthEventDraft(
      time: try row.decode(Date.self, "time"), kind: kind,
      userID: try row.decode(Int64?.self, "user_id").map(UserID.init),
      username: try row.decode(String?.self, "username"),
      detail: try row.decode(String.self, "detail"))
    return AuthEvent(id: try row.decode(Int64.self, "id"), draft: draft)
  }
}
