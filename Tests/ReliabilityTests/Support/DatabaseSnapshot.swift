import CSQLite
import Foundation

/// What a database holds, read through the raw SQLite API (not through the code under test).
struct DatabaseSnapshot: Sendable, ThrottleSnapshot {
  /// The result of `PRAGMA integrity_check` ("ok" when sound).
  let integrity: String
  /// Rows reported by `PRAGMA foreign_key_check`.
  let foreignKeyViolations: Int
  /// Sessions whose user does not exist.
  let orphanSessions: Int
  /// Username → stored password hash.
  let users: [String: String]
  /// User id → username.
  let usernamesByID: [Int64: String]
  /// Session id → user id.
  let sessions: [Int64: Int64]
  /// Stored token hash → session id (the hash names a session without trusting ids).
  let sessionsByTokenHash: [Data: Int64]
  /// Username → consecutive failures in the throttle table.
  let throttle: [String: Int]
  /// Audit rows as (kind, username, detail).
  let events: [(kind: String, username: String?, detail: String)]

  /// Users whose hash is not an Argon2id PHC string.
  var usersWithoutValidHash: [String] {
    users.filter { !Self.isArgon2idHash($0.value) }.map(\.key).sorted()
  }

  /// Whether `text` has the shape of libsodium's Argon2id PHC string.
  static func isArgon2idHash(_ text: String) -> Bool {
    text.wholeMatch(of: /\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$[A-Za-z0-9+\/]+\$[A-Za-z0-9+\/]+/)
      != nil
  }

  /// The database's key for names kept as keyed hashes (empty before migration 0004).
  let nameKey: [UInt8]

  /// Reads the database at `path` (read-only; it must exist).
  static func read(_ path: String) throws -> DatabaseSnapshot {
    let connection = try SQLiteReader(path: path)
    let users = try connection.rows("SELECT id, username, password_hash FROM users") {
      (id: $0.int(0), name: $0.text(1) ?? "", hash: $0.text(2) ?? "")
    }
    return DatabaseSnapshot(
      integrity: try connection.rows("PRAGMA integrity_check") { $0.text(0) ?? "" }
        .joined(separator: "; "),
      foreignKeyViolations: try connection.rows("PRAGMA foreign_key_check") { _ in 1 }.count,
      orphanSessions: Int(
        try connection.rows(
          "SELECT count(*) FROM sessions WHERE user_id NOT IN (SELECT id FROM users)"
        ) { $0.int(0) }.first ?? -1),
      users: Dictionary(users.map { ($0.name, $0.hash) }, uniquingKeysWith: { first, _ in first }),
      usernamesByID: Dictionary(uniqueKeysWithValues: users.map { ($0.id, $0.name) }),
      sessions: Dictionary(
        uniqueKeysWithValues: try connection.rows("SELECT id, user_id FROM sessions") {
          ($0.int(0), $0.int(1))
        }),
      sessionsByTokenHash: Dictionary(
        uniqueKeysWithValues: try connection.rows("SELECT token_hash, id FROM sessions") {
          ($0.blob(0), $0.int(1))
        }),
      throttle: Dictionary(
        uniqueKeysWithValues: try connection.rows(
          "SELECT username, consecutive_failures FROM sign_in_throttle"
        ) { ($0.text(0) ?? "", Int($0.int(1))) }),
      events: try connection.rows("SELECT kind, username, detail FROM auth_events ORDER BY id") {
        (kind: $0.text(0) ?? "", username: $0.text(1), detail: $0.text(2) ?? "")
      },
      nameKey: Array(
        try connection.rows("SELECT key FROM secret_keys WHERE name = 'name_hash'") {
          $0.blob(0)
        }.first ?? Data()))
  }
}

/// A read-only connection for the checks; closed when released.
final class SQLiteReader {
  private let handle: OpaquePointer

  /// Opens `path` read-only.
  init(path: String) throws {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
      sqlite3_close(handle)
      throw HarnessError("cannot open \(path) for checking")
    }
    self.handle = handle
    sqlite3_busy_timeout(handle, 10_000)
  }

  deinit { sqlite3_close(handle) }

  /// Runs `sql` and maps every row.
  func rows<T>(_ sql: String, _ row: (Row) throws -> T) throws -> [T] {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
      throw HarnessError("check query failed: \(String(cString: sqlite3_errmsg(handle)))")
    }
    defer { sqlite3_finalize(statement) }
    var results: [T] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else {
        throw HarnessError("check query failed: \(String(cString: sqlite3_errmsg(handle)))")
      }
      results.append(try row(Row(statement: statement)))
    }
    return results
  }

  /// One result row.
  struct Row {
    let statement: OpaquePointer

    /// Column `index` as an integer.
    func int(_ index: Int32) -> Int64 { sqlite3_column_int64(statement, index) }

    /// Column `index` as text, or nil when NULL.
    func text(_ index: Int32) -> String? {
      guard let text = sqlite3_column_text(statement, index) else { return nil }
      return String(cString: text)
    }

    /// Column `index` as bytes.
    func blob(_ index: Int32) -> Data {
      guard let bytes = sqlite3_column_blob(statement, index) else { return Data() }
      return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, index)))
    }
  }
}
