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
      let decoded = try database.queryFirst(query, [.text(line)]) { row in
        (entry(row), row.optionalString(at: 22) == nil)
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
      CASE WHEN json_valid(?1) THEN json_extract(?1, '$.lock_reason') END,
      CASE WHEN json_valid(?1) THEN json_type(?1, '$.second_factor_state') END,
      \(text("second_factor_sealed_secret")),
      \(integer("second_factor_sealed_for_id")),
      \(text("second_factor_algorithm")),
      \(integer("second_factor_digits")),
      \(integer("second_factor_period")),
      \(text("second_factor_state")),
      \(integer("second_factor_last_accepted_step")),
      \(text("second_factor_created_at")),
      \(text("second_factor_updated_at")),
      \(integer("recovery_codes_left")),
      CASE WHEN json_valid(?1) THEN json_type(?1, '$.second_factor') END
    """

  /// A field, only when it is a JSON string.
  private static func text(_ key: String) -> String {
    "CASE WHEN json_valid(?1) AND json_type(?1, '$.\(key)') = 'text'"
      + " THEN json_extract(?1, '$.\(key)') END"
  }

  /// A field, only when it is a JSON integer.
  private static func integer(_ key: String) -> String {
    "CASE WHEN json_valid(?1) AND json_type(?1, '$.\(key)') = 'integer'"
      + " THEN json_extract(?1, '$.\(key)') END"
  }

  private static func entry(_ row: SQLiteStatement) -> AccountImportEntry {
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
    var secondFactor: ExportedSecondFactor? = nil
    switch row.optionalString(at: 11) {
    case nil, "null":
      // A line that says its account asks for a code must carry the factor: an account
      // is never taken over without the factor it had.
      guard row.optionalString(at: 22) != "true" else {
        return .malformed("second_factor is true but second_factor_state is missing")
      }
    case "text":
      switch Self.secondFactor(row) {
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

  /// The second factor of columns 12–21 (the `second_factor_*` fields and
  /// `recovery_codes_left`), every one required but the last accepted step.
  private static func secondFactor(
    _ row: SQLiteStatement
  ) -> Result<ExportedSecondFactor, Unreadable> {
    guard let text = row.optionalString(at: 12), let box = SodiumBase64.decode(text) else {
      return .failure(Unreadable(reason: "second_factor_sealed_secret is not base64"))
    }
    guard let id = row.optionalInt64(at: 13) else {
      return .failure(Unreadable(reason: "second_factor_sealed_for_id is not an integer"))
    }
    guard let algorithm = row.optionalString(at: 14).flatMap(TOTPParameters.Algorithm.init),
      let digits = row.optionalInt64(at: 15).flatMap({ TOTPParameters.Digits(rawValue: Int($0)) }),
      let period = row.optionalInt64(at: 16),
      let parameters = try? TOTPParameters(
        algorithm: algorithm, digits: digits, period: Int(clamping: period))
    else {
      return .failure(
        Unreadable(reason: "second_factor_algorithm, _digits or _period not supported"))
    }
    guard let state = row.optionalString(at: 17).flatMap(SecondFactorState.init) else {
      return .failure(Unreadable(reason: "second_factor_state is neither pending nor enabled"))
    }
    let lastStep = row.optionalInt64(at: 18)
    guard lastStep.map({ $0 >= 0 }) ?? true else {
      return .failure(Unreadable(reason: "second_factor_last_accepted_step is negative"))
    }
    guard let created = row.optionalString(at: 19).flatMap(Timestamp.parse(iso8601:)),
      let updated = row.optionalString(at: 20).flatMap(Timestamp.parse(iso8601:))
    else {
      return .failure(
        Unreadable(reason: "second_factor_created_at or _updated_at is not an ISO 8601 time"))
    }
    return .success(
      ExportedSecondFactor(
        sealedSecret: Array(box), sealedForID: UserID(rawValue: id), parameters: parameters,
        state: state, lastAcceptedStep: lastStep.map { UInt64($0) }, createdAt: created,
        updatedAt: updated, recoveryCodesLeft: Int(clamping: row.optionalInt64(at: 21) ?? 0)))
  }
}
