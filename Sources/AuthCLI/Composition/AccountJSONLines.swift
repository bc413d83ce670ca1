import AuthCore
import AuthCrypto
import AuthStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads the lines `users export` writes back into accounts, through SQLite's JSON
/// functions on a private in-memory connection: the JSON parser authcli already links.
enum AccountJSONLines {
  /// The file's entries, and the numbers (from 1) of its account lines that have no
  /// `second_factor` field: written by a release whose export left every factor behind.
  struct Decoded {
    /// Each line as an import entry: blank, decoded, or why it is not an exported account.
    let entries: [AccountImportEntry]
    /// Lines decoded as accounts, without a word on their second factor.
    let linesWithoutSecondFactorField: Set<Int>
  }

  /// Decodes every line.
  static func entries(_ lines: [String]) throws -> Decoded {
    let database = try SQLiteDatabase.openInMemory()
    var entries: [AccountImportEntry] = []
    var older: Set<Int> = []
    for (index, line) in lines.enumerated() {
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
        entries.append(.blank)
        continue
      }
      let decoded = try database.queryFirst(query(line)) { row throws(SQLiteError) in
        (try entry(row), try row.decode(String?.self, "second_factor") == nil)
      }
      guard let (entry, withoutField) = decoded else {
        entries.append(.malformed("no row"))
        continue
      }
      if case .record = entry, withoutField { older.insert(index + 1) }
      entries.append(entry)
    }
    return Decoded(entries: entries, linesWithoutSecondFactorField: older)
  }

  /// Every field at once, each only when the line is a JSON object (`json_extract` fails
  /// on text that is not JSON, and `CASE` never runs it then).
  private static func query(_ line: String) -> SQLiteQuery {
    """
    WITH given (line) AS (SELECT \(line))
    SELECT
      CASE WHEN json_valid(line) THEN json_type(line) END AS line_type,
      CASE WHEN json_valid(line) THEN json_type(line, '$.username') END AS username_type,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.username') END AS username,
      CASE WHEN json_valid(line) THEN json_type(line, '$.password_hash') END AS password_hash_type,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.password_hash') END AS password_hash,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.created_at') END AS created_at,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.updated_at') END AS updated_at,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.last_sign_in_at') END AS last_sign_in_at,
      CASE WHEN json_valid(line) THEN json_type(line, '$.locked') END AS locked_type,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.locked_at') END AS locked_at,
      CASE WHEN json_valid(line) THEN json_extract(line, '$.lock_reason') END AS lock_reason,
      CASE WHEN json_valid(line) THEN json_type(line, '$.second_factor_state') END AS second_factor_state_type,
      \(text("second_factor_sealed_secret")) AS second_factor_sealed_secret,
      \(integer("second_factor_sealed_for_id")) AS second_factor_sealed_for_id,
      \(text("second_factor_algorithm")) AS second_factor_algorithm,
      \(integer("second_factor_digits")) AS second_factor_digits,
      \(integer("second_factor_period")) AS second_factor_period,
      \(text("second_factor_state")) AS second_factor_state,
      \(integer("second_factor_last_accepted_step")) AS second_factor_last_accepted_step,
      \(text("second_factor_created_at")) AS second_factor_created_at,
      \(text("second_factor_updated_at")) AS second_factor_updated_at,
      \(integer("recovery_codes_left")) AS recovery_codes_left,
      CASE WHEN json_valid(line) THEN json_type(line, '$.second_factor') END AS second_factor
    FROM given
    """
  }

  /// A field, only when it is a JSON string.
  private static func text(_ key: String) -> SQLiteQuery {
    SQLiteQuery(
      sql: "CASE WHEN json_valid(line) AND json_type(line, '$.\(key)') = 'text'"
        + " THEN json_extract(line, '$.\(key)') END")
  }

  /// A field, only when it is a JSON integer.
  private static func integer(_ key: String) -> SQLiteQuery {
    SQLiteQuery(
      sql: "CASE WHEN json_valid(line) AND json_type(line, '$.\(key)') = 'integer'"
        + " THEN json_extract(line, '$.\(key)') END")
  }

  private static func entry(_ row: SQLiteRow) throws(SQLiteError) -> AccountImportEntry {
    guard try row.decode(String?.self, "line_type") == "object" else {
      return .malformed("not a JSON object")
    }
    guard try row.decode(String?.self, "username_type") == "text",
      let name = try row.decode(String?.self, "username")
    else {
      return .malformed("no username text")
    }
    guard try row.decode(String?.self, "password_hash_type") == "text",
      let hash = try row.decode(String?.self, "password_hash")
    else {
      return .malformed("no password_hash text")
    }
    var times: [Date?] = []
    for key in ["created_at", "updated_at", "last_sign_in_at", "locked_at"] {
      guard let text = try row.decode(String?.self, key) else {
        times.append(nil)
        continue
      }
      guard let time = Timestamp.parse(iso8601: text) else {
        return .malformed("\(key) is not an ISO 8601 time")
      }
      times.append(time)
    }
    var lock: AccountLock? = nil
    if try row.decode(String?.self, "locked_type") == "true" {
      lock = AccountLock(
        lockedAt: times[3] ?? times[1] ?? Date(),
        reason: try row.decode(String?.self, "lock_reason") ?? "")
    }
    var secondFactor: ExportedSecondFactor? = nil
    switch try row.decode(String?.self, "second_factor_state_type") {
    case nil, "null":
      // A line that says its account asks for a code must carry the factor: an account
      // is never taken over without the factor it had.
      guard try row.decode(String?.self, "second_factor") != "true" else {
        return .malformed("second_factor is true but second_factor_state is missing")
      }
    case "text":
      switch try Self.secondFactor(row) {
      case .success(let factor): secondFactor = factor
      case .failure(let failure): return .malformed(failure.reason)
      }
    default: return .malformed("second_factor_state is not text")
    }
    return .record(
      AccountImportRecord(
        name: name, hash: hash, createdAt: times[0], updatedAt: times[1], lastSignInAt: times[2],
        lock: lock, secondFactor: secondFactor))
  }

  /// Why an exported second factor cannot be read.
  private struct Unreadable: Error {
    let reason: String
  }

  /// The second factor of the `second_factor_*` fields (and
  /// `recovery_codes_left`), every one required but the last accepted step.
  private static func secondFactor(
    _ row: SQLiteRow
  ) throws(SQLiteError) -> Result<ExportedSecondFactor, Unreadable> {
    guard let text = try row.decode(String?.self, "second_factor_sealed_secret"),
      let box = SodiumBase64.decode(text)
    else {
      return .failure(Unreadable(reason: "second_factor_sealed_secret is not base64"))
    }
    guard let id = try row.decode(Int64?.self, "second_factor_sealed_for_id") else {
      return .failure(Unreadable(reason: "second_factor_sealed_for_id is not an integer"))
    }
    guard
      let algorithm = try row.decode(String?.self, "second_factor_algorithm").flatMap(
        TOTPParameters.Algorithm.init),
      let digits = try row.decode(Int64?.self, "second_factor_digits").flatMap({
        TOTPParameters.Digits(rawValue: Int($0))
      }),
      let period = try row.decode(Int64?.self, "second_factor_period"),
      let parameters = try? TOTPParameters(
        algorithm: algorithm, digits: digits, period: Int(clamping: period))
    else {
      return .failure(
        Unreadable(reason: "second_factor_algorithm, _digits or _period not supported"))
    }
    guard
      let state = try row.decode(String?.self, "second_factor_state").flatMap(
        SecondFactorState.init)
    else {
      return .failure(Unreadable(reason: "second_factor_state is neither pending nor enabled"))
    }
    let lastStep = try row.decode(Int64?.self, "second_factor_last_accepted_step")
    guard lastStep.map({ $0 >= 0 }) ?? true else {
      return .failure(Unreadable(reason: "second_factor_last_accepted_step is negative"))
    }
    guard
      let created = try row.decode(String?.self, "second_factor_created_at").flatMap(
        Timestamp.parse(iso8601:)),
      let updated = try row.decode(String?.self, "second_factor_updated_at").flatMap(
        Timestamp.parse(iso8601:))
    else {
      return .failure(
        Unreadable(reason: "second_factor_created_at or _updated_at is not an ISO 8601 time"))
    }
    return .success(
      ExportedSecondFactor(
        sealedSecret: Array(box), sealedForID: UserID(rawValue: id), parameters: parameters,
        state: state, lastAcceptedStep: lastStep.map { UInt64($0) }, createdAt: created,
        updatedAt: updated,
        recoveryCodesLeft: Int(clamping: try row.decode(Int64?.self, "recovery_codes_left") ?? 0)))
  }
}
