import AuthCore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStoreContext {
  func append(_ event: AuthEventDraft) throws(AuthError) {
    try run {
      try database.execute(
        "INSERT INTO auth_events (time, kind, user_id, username, detail) VALUES (?1, ?2, ?3, ?4, ?5)",
        [
          .time(event.time), .text(event.kind.rawValue),
          event.userID.map { .integer($0.rawValue) } ?? .null,
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
      // One statement for every combination: a condition whose parameter is NULL holds.
      // The kinds arrive as one comma-separated text, so the statement text never varies.
      // An account's events read with its name now; a name alone selects events of no
      // account, as typed or as its keyed hash (a failed sign-in at a free name).
      let kinds = query.kinds.map { $0.map(\.rawValue).sorted().joined(separator: ",") }
      return try database.query(
        """
        SELECT e.id, e.time, e.kind, e.user_id, coalesce(u.username, e.username), e.detail
        FROM auth_events AS e LEFT JOIN users AS u ON u.id = e.user_id
        WHERE (?1 IS NULL OR (e.user_id IS NULL AND (e.username = ?1 OR e.username = ?5)))
          AND (?6 IS NULL OR e.user_id = ?6)
          AND (?2 IS NULL OR instr(',' || ?2 || ',', ',' || e.kind || ',') > 0)
          AND (?3 IS NULL OR e.time >= ?3)
        ORDER BY e.time DESC, e.id DESC LIMIT ?4
        """,
        [
          query.username.map { .text($0) } ?? .null, kinds.map { .text($0) } ?? .null,
          query.since.map { .time($0) } ?? .null, .integer(Int64(max(query.limit, 0))),
          try query.username.map { .text(try storedName($0)) } ?? .null,
          query.userID.map { .integer($0.rawValue) } ?? .null,
        ], row: Self.event)
    }
  }

  func latestEventTime(of userID: UserID, kinds: Set<AuthEventKind>) throws(AuthError) -> Date? {
    try run {
      let kinds = kinds.map(\.rawValue).sorted().joined(separator: ",")
      return try database.queryFirst(
        """
        SELECT max(time) FROM auth_events
        WHERE user_id = ?1 AND instr(',' || ?2 || ',', ',' || kind || ',') > 0
        """, [.integer(userID.rawValue), .text(kinds)]
      ) { $0.optionalDate(at: 0) } ?? nil
    }
  }

  private static func event(from row: SQLiteStatement) throws -> AuthEvent {
    guard let kind = AuthEventKind(rawValue: row.string(at: 2)) else {
      throw SQLiteError.unexpectedValue(column: "auth_events.kind")
    }
    let draft = AuthEventDraft(
      time: row.date(at: 1), kind: kind, userID: row.optionalInt64(at: 3).map(UserID.init),
      username: row.optionalString(at: 4), detail: row.string(at: 5))
    return AuthEvent(id: row.int64(at: 0), draft: draft)
  }
}
