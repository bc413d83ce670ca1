import AuthCore
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresStoreContext {
  func append(_ event: AuthEventDraft) throws {
    try database().execute(
      "INSERT INTO auth_events (time, kind, user_id, username, detail) VALUES ($1, $2, $3, $4, $5)",
      [
        .time(event.time), .text(event.kind.rawValue),
        event.userID.map { .bigint($0.rawValue) } ?? .null,
        event.username.map { .text($0) } ?? .null, .text(event.detail),
      ])
  }

  func recentEvents(limit: Int) throws -> [AuthEvent] {
    try database().query(
      """
      SELECT id, time, kind, user_id, username, detail FROM auth_events
      ORDER BY id DESC LIMIT $1
      """, [.bigint(Int64(max(limit, 0)))]
    ) { row in
      guard let kind = AuthEventKind(rawValue: row.string(2)) else {
        throw PostgresError.unexpectedValue(column: "auth_events.kind")
      }
      let draft = AuthEventDraft(
        time: try row.date(1), kind: kind, userID: try row.optionalInt64(3).map(UserID.init),
        username: row.optionalString(4), detail: row.string(5))
      return AuthEvent(id: try row.int64(0), draft: draft)
    }
  }
}
