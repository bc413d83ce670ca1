import AuthCore
import AuthStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the lines `users export` writes back into accounts, through SQLite's JSON
/// functions on a private in-memory connection: the JSON parser authcli already links.
enum AccountJSONLines {
  /// Each line as an import entry: blank, decoded, or why it is not an exported account.
  static func entries(_ lines: [String]) throws -> [AccountImportEntry] {
    let database = try Database.openInMemory()
    return try lines.map { line throws -> AccountImportEntry in
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { return .blank }
      return try database.queryFirst(query, [.text(line)], row: entry) ?? .malformed("no row")
    }
  }

  /// Every field at once, each only when the line is a JSON object (`json_extract` fails
  /// on text that is not JSON, and `CASE` never runs it then).
  private static let query = """
    SELECT CASE WHEN json_valid(?1) THEN json_type(?1) END,
      CASE WHEN json_valid(?1) THEN json_type(?1, '$.username') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.username') END,
      CASE WHEN json_valid(?1) THEN json_type(?1, '$.password_hash') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.password_hash') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.created_at') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.updated_at') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.last_sign_in_at') END,
      CASE WHEN json_valid(?1) THEN json_type(?1, '$.locked') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.locked_at') END,
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.lock_reason') END
    """

  private static func entry(_ row: Statement) -> AccountImportEntry {
    guard row.optionalString(at: 0) == "object" else { return .malformed("not a JSON object") }
    guard row.optionalString(at: 1) == "text", let name = row.optionalString(at: 2) else {
      return .malformed("no username text")
    }
    guard row.optionalString(at: 3) == "text", let hash = row.optionalString(at: 4) else {
      return .malformed("no password_hash text")
    }
    var times: [Date?] = []
    for (column, key) in [
      (5, "created_at"), (6, "updated_at"), (7, "last_sign_in_at"), (9, "locked_at"),
    ] {
      guard let text = row.optionalString(at: Int32(column)) else {
        times.append(nil)
        continue
      }
      guard let time = Timestamp.parse(iso8601: text) else {
        return .malformed("\(key) is not an ISO 8601 time")
      }
      times.append(time)
    }
    var lock: AccountLock? = nil
    if row.optionalString(at: 8) == "true" {
      lock = AccountLock(
        lockedAt: times[3] ?? times[1] ?? Date(), reason: row.optionalString(at: 10) ?? "")
    }
    return .record(
      AccountImportRecord(
        name: name, hash: hash, createdAt: times[0], updatedAt: times[1], lastSignInAt: times[2],
        lock: lock))
  }
}
