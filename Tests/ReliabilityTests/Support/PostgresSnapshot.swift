import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// What a PostgreSQL schema holds, read in one snapshot, with the checks that prove nothing
/// was half-written: every session's user exists, every user has its sign-up event, and
/// every sign-up event's user exists or was deleted on purpose (none are, here).
struct PostgresSnapshot: ThrottleSnapshot {
  /// User ids by canonical name.
  let users: [String: Int64]
  /// Session owners by session id.
  let sessions: [Int64: Int64]
  /// Failure counts by throttled name, as stored: the name's keyed hash.
  let throttle: [String: Int]
  /// The database's key for names kept as keyed hashes (migration 0004).
  let nameKey: [UInt8]
  /// (kind, username, detail) of every audit event.
  let events: [(kind: String, username: String?, detail: String)]

  /// Reads the schema that `target` names.
  static func read(_ target: PostgresTarget) throws -> PostgresSnapshot {
    let connection = try PostgresConnection.connect(target.connectionString, target: "snapshot")
    try connection.executeScript("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    defer { try? connection.executeScript("COMMIT") }
    let users = try connection.query("SELECT username, id FROM users") {
      row throws(PostgresError) in
      (try row.decode(String.self, "username"), try row.decode(Int64.self, "id"))
    }
    let sessions = try connection.query("SELECT id, user_id FROM sessions") {
      row throws(PostgresError) in
      (try row.decode(Int64.self, "id"), try row.decode(Int64.self, "user_id"))
    }
    let throttle = try connection.query(
      "SELECT username, consecutive_failures FROM sign_in_throttle"
    ) { row throws(PostgresError) in
      (try row.decode(String.self, "username"), try row.decode(Int.self, "consecutive_failures"))
    }
    let events = try connection.query(
      "SELECT kind, username, detail FROM auth_events ORDER BY id"
    ) { row throws(PostgresError) in
      (
        kind: try row.decode(String.self, "kind"),
        username: try row.decode(String?.self, "username"),
        detail: try row.decode(String.self, "detail")
      )
    }
    let key = try connection.queryFirst("SELECT key FROM secret_keys WHERE name = 'name_hash'") {
      row throws(PostgresError) in try row.decode([UInt8].self, "key")
    }
    return PostgresSnapshot(
      users: Dictionary(users, uniquingKeysWith: { first, _ in first }),
      sessions: Dictionary(sessions, uniquingKeysWith: { first, _ in first }),
      throttle: Dictionary(throttle, uniquingKeysWith: { first, _ in first }),
      nameKey: key ?? [], events: events)
  }

  /// Reads and records an issue for everything half-written.
  @discardableResult
  static func expectConsistent(
    _ target: PostgresTarget, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> PostgresSnapshot {
    let snapshot = try read(target)
    let userIDs = Set(snapshot.users.values)
    for (session, owner) in snapshot.sessions where !userIDs.contains(owner) {
      Issue.record("session \(session) belongs to no user", sourceLocation: sourceLocation)
    }
    let signedUp = Set(snapshot.events.filter { $0.kind == "sign_up" }.compactMap(\.username))
    for name in snapshot.users.keys where !signedUp.contains(name) {
      Issue.record("\(name) exists without its sign-up event", sourceLocation: sourceLocation)
    }
    for name in signedUp where snapshot.users[name] == nil {
      Issue.record("a sign-up of \(name) is audited but absent", sourceLocation: sourceLocation)
    }
    return snapshot
  }
}
