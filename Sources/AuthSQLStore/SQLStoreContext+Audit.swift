import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

// The same statements on both engines but for how a list of kinds is matched
// (`isListed(_:in:)`). A value that may be NULL is cast to its type, which PostgreSQL cannot
// infer from `IS NULL` alone.

extension SQLStoreContext {
  package func append(_ event: AuthEventDraft) throws(AuthError) {
    try run { () throws(Failure) in
      let username = try event.storedUsername(hashed: storedName)
      try execute(
        """
        INSERT INTO auth_events (time, kind, user_id, username, detail)
        VALUES (\(event.time), \(event.kind.rawValue), \(event.userID?.rawValue), \(username),
          \(event.detail))
        """)
    }
  }

  package func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent] {
    try events(matching: AuditQuery(limit: limit))
  }

  package func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    try run { () throws(Failure) in
      // An account's events read with its name now; a name alone selects events of no
      // account, as typed or as its keyed hash (a failed sign-in at a free name).
      var hashedName: String?
      if let username = query.username { hashedName = try storedName(username) }
      return try self.query(
        Self.eventsStatement(query, hashedName: hashedName, kinds: query.kinds.map(Self.list)),
        row: Self.event)
    }
  }

  package func latestEventTime(
    of userID: UserID, kinds: Set<AuthEventKind>
  ) throws(AuthError) -> Date? {
    try run { () throws(Failure) in
      try queryFirst(Self.latestEventStatement(of: userID, kinds: Self.list(kinds))) {
        row throws(Failure) in try row.decode(Date?.self, "latest")
      } ?? nil
    }
  }

  /// One statement for every combination of the query's conditions, where a condition whose
  /// value is NULL holds. `hashedName` is the query's name as a failed sign-in at a free name
  /// stores it; `kinds` is the kinds' names joined by commas. The limit is clamped before the
  /// text.
  private static func eventsStatement(
    _ query: AuditQuery, hashedName: String?, kinds: String?
  ) -> Query {
    let userID = query.userID?.rawValue
    let rowLimit = max(query.limit, 0)
    return """
      SELECT auth_events.id, auth_events.time, auth_events.kind, auth_events.user_id,
        COALESCE(users.username, auth_events.username) AS username, auth_events.detail
      FROM auth_events LEFT JOIN users ON users.id = auth_events.user_id
      WHERE (CAST(\(query.username) AS text) IS NULL
          OR (auth_events.user_id IS NULL
            AND (auth_events.username = CAST(\(query.username) AS text)
              OR auth_events.username = CAST(\(hashedName) AS text))))
        AND (CAST(\(userID) AS bigint) IS NULL OR auth_events.user_id = CAST(\(userID) AS bigint))
        AND (CAST(\(kinds) AS text) IS NULL
          OR \(isListed("auth_events.kind", in: "CAST(\(kinds) AS text)")))
        AND (CAST(\(query.since) AS bigint) IS NULL
          OR auth_events.time >= CAST(\(query.since) AS bigint))
      ORDER BY auth_events.time DESC, auth_events.id DESC LIMIT \(rowLimit)
      """
  }

  /// The time of `userID`'s latest event whose kind is in `kinds` (names joined by commas),
  /// as `latest`.
  private static func latestEventStatement(of userID: UserID, kinds: String) -> Query {
    """
    SELECT \(Query.builtInSchema)max(time) AS latest FROM auth_events
    WHERE user_id = \(userID.rawValue) AND \(isListed("kind", in: "CAST(\(kinds) AS text)"))
    """
  }

  /// The kinds' names, sorted and joined by commas, so that a statement's text never varies
  /// with them.
  private static func list(_ kinds: Set<AuthEventKind>) -> String {
    kinds.map(\.rawValue).sorted().joined(separator: ",")
  }
}
