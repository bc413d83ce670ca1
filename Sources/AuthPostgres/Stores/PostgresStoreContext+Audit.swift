import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func append(_ event: AuthEventDraft) throws(AuthError) {
    try run {
      try database().execute(
        "INSERT INTO auth_events (time, kind, user_id, username, detail) VALUES ($1, $2, $3, $4, $5)",
        [
          .time(event.time), .text(event.kind.rawValue),
          event.userID.map { .bigint($0.rawValue) } ?? .null,
          try event.storedUsername(hashed: storedName).map { .text($0) } ?? .null,
          .text(event.detail),
        ])
    }
  }

  func recentEvents(limit: Int) throws(AuthError) -> [AuthEvent] {
    try events(matching: AuditQuery(limit: limit))
  }

  func events(matching query: AuditQuery) throws(AuthError) -> [AuthEvent] {
    try run {
      // One statement for every combination: a condition whose parameter is NULL holds. An
      // account's events read with its name now; a name alone selects events of no account,
      // as typed or as its keyed hash (a failed sign-in at a free name).
      let kinds = query.kinds.map { $0.map(\.rawValue).sorted().joined(separator: ",") }
      return try database().query(
        """
        SELECT e.id, e.time, e.kind, e.user_id, COALESCE(u.username, e.username), e.detail
        FROM auth_events AS e LEFT JOIN users AS u ON u.id = e.user_id
        WHERE ($1::text IS NULL
            OR (e.user_id IS NULL AND (e.username = $1::text OR e.username = $5::text)))
          AND ($6::bigint IS NULL OR e.user_id = $6::bigint)
          AND ($2::text IS NULL OR e.kind = ANY (pg_catalog.string_to_array($2::text, ',')))
          AND ($3::bigint IS NULL OR e.time >= $3::bigint)
        ORDER BY e.time DESC, e.id DESC LIMIT $4
        """,
        [
          query.username.map { .text($0) } ?? .null, kinds.map { .text($0) } ?? .null,
          query.since.map { .time($0) } ?? .null, .bigint(Int64(max(query.limit, 0))),
          try query.username.map { .text(try storedName($0)) } ?? .null,
          query.userID.map { .bigint($0.rawValue) } ?? .null,
        ], row: Self.event)
    }
  }

  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date? {
    try run {
      let kinds = kinds.map(\.rawValue).sorted().joined(separator: ",")
      return try database().queryFirst(
        """
        SELECT pg_catalog.max(time) FROM auth_events
        WHERE user_id = $1 AND kind = ANY (pg_catalog.string_to_array($2::text, ','))
        """, [.bigint(userID.rawValue), .text(kinds)]
      ) { row in try row.optionalDate(0) } ?? nil
    }
  }

  private static func event(from row: PostgresRow) throws -> AuthEvent {
    guard let kind = AuthEventKind(rawValue: row.string(2)) else {
      throw PostgresError.unexpectedValue(column: "auth_events.kind")
    }
    let draft = AuthEventDraft(
      time: try row.date(1), kind: kind, userID: try row.optionalInt64(3).map(UserID.init),
      username: row.optionalString(4), detail: row.string(5))
    return AuthEvent(id: try row.int64(0), draft: draft)
  }
}
