import AuthCore
import AuthCrypto

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of `users export`, and what `users import --format jsonl` reads back: one flat
/// JSON object whose keys are those of `users show`, plus the hash and, with a factor, its
/// `second_factor_*` fields (the box as stored, in base64, and the id it is sealed for).
struct AccountExportLine: JSONOutput, Decodable {
  /// The account, with every time and the lock the line gives.
  let account: AccountImportRecord
  /// Whether the line has the `second_factor` key: a line without it was written by a
  /// release whose export left every second factor behind.
  let saysSecondFactor: Bool

  enum CodingKeys: String, CodingKey, CaseIterable {
    case createdAt = "created_at"
    case expiresAt = "expires_at"
    case lastSignInAt = "last_sign_in_at"
    case lockReason = "lock_reason"
    case locked
    case lockedAt = "locked_at"
    case passwordChangeRequired = "password_change_required"
    case passwordHash = "password_hash"
    case recoveryCodesLeft = "recovery_codes_left"
    /// As `users show` has it: whether sign-in asks for a code.
    case secondFactor = "second_factor"
    case secondFactorAlgorithm = "second_factor_algorithm"
    case secondFactorCreatedAt = "second_factor_created_at"
    case secondFactorDigits = "second_factor_digits"
    case secondFactorLastAcceptedStep = "second_factor_last_accepted_step"
    case secondFactorPeriod = "second_factor_period"
    case secondFactorSealedForID = "second_factor_sealed_for_id"
    case secondFactorSealedSecret = "second_factor_sealed_secret"
    case secondFactorState = "second_factor_state"
    case secondFactorUpdatedAt = "second_factor_updated_at"
    case updatedAt = "updated_at"
    case username
  }

  /// Why a line is not an exported account, in the words the import prints after its number.
  struct Unreadable: Error, Equatable {
    let reason: String
  }

  init(_ account: ExportedAccount) {
    var record = AccountImportRecord(
      name: account.username, hash: account.passwordHash, createdAt: account.createdAt,
      updatedAt: account.updatedAt, lastSignInAt: account.lastSignInAt, lock: account.lock,
      secondFactor: account.secondFactor)
    record.expiresAt = account.expiresAt
    record.passwordChangeRequired = account.passwordChangeRequired
    self.account = record
    saysSecondFactor = true
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(account.name, forKey: .username)
    try container.encode(account.hash, forKey: .passwordHash)
    try container.encodeIfPresent(account.createdAt, forKey: .createdAt)
    try container.encodeIfPresent(account.updatedAt, forKey: .updatedAt)
    try container.encodeIfPresent(account.lastSignInAt, forKey: .lastSignInAt)
    try container.encode(account.lock != nil, forKey: .locked)
    try container.encodeIfPresent(account.lock?.lockedAt, forKey: .lockedAt)
    try container.encodeIfPresent(account.lock?.reason, forKey: .lockReason)
    try container.encodeIfPresent(account.expiresAt, forKey: .expiresAt)
    try container.encode(account.secondFactor?.state == .enabled, forKey: .secondFactor)
    try container.encode(account.passwordChangeRequired, forKey: .passwordChangeRequired)
    // A line is one flat object: the factor's keys stand beside the account's, and only
    // when there is one.
    guard let factor = account.secondFactor else { return }
    try container.encode(factor.state.rawValue, forKey: .secondFactorState)
    try container.encode(
      SodiumBase64.encode(factor.sealedSecret), forKey: .secondFactorSealedSecret)
    try container.encode(factor.sealedForID.rawValue, forKey: .secondFactorSealedForID)
    try container.encode(factor.parameters.algorithm.rawValue, forKey: .secondFactorAlgorithm)
    try container.encode(factor.parameters.digits.rawValue, forKey: .secondFactorDigits)
    try container.encode(factor.parameters.period, forKey: .secondFactorPeriod)
    try container.encodeIfPresent(
      factor.lastAcceptedStep, forKey: .secondFactorLastAcceptedStep)
    try container.encode(factor.createdAt, forKey: .secondFactorCreatedAt)
    try container.encode(factor.updatedAt, forKey: .secondFactorUpdatedAt)
    try container.encode(factor.recoveryCodesLeft, forKey: .recoveryCodesLeft)
  }

  /// Reads a line as leniently as the export's readers always have: a time or the reason
  /// may be missing, `locked` counts only when it is `true`; the username, the hash and a
  /// factor's fields must be there with their types. Throws `Unreadable`.
  init(from decoder: any Decoder) throws {
    guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
      throw Unreadable(reason: "not a JSON object")
    }
    let fields = Fields(container: container)
    guard let name = fields.text(.username) else { throw Unreadable(reason: "no username text") }
    guard let hash = fields.text(.passwordHash) else {
      throw Unreadable(reason: "no password_hash text")
    }
    let createdAt = try fields.time(.createdAt)
    let updatedAt = try fields.time(.updatedAt)
    let lastSignInAt = try fields.time(.lastSignInAt)
    let lockedAt = try fields.time(.lockedAt)
    let expiresAt = try fields.time(.expiresAt)
    var lock: AccountLock? = nil
    if fields.flag(.locked) == true {
      lock = AccountLock(
        lockedAt: lockedAt ?? updatedAt ?? Date(), reason: fields.text(.lockReason) ?? "")
    }
    var secondFactor: ExportedSecondFactor? = nil
    if fields.isAbsent(.secondFactorState) {
      // A line that says its account asks for a code must carry the factor: an account
      // is never taken over without the factor it had.
      guard fields.flag(.secondFactor) != true else {
        throw Unreadable(reason: "second_factor is true but second_factor_state is missing")
      }
    } else {
      guard fields.text(.secondFactorState) != nil else {
        throw Unreadable(reason: "second_factor_state is not text")
      }
      secondFactor = try fields.secondFactor()
    }
    var record = AccountImportRecord(
      name: name, hash: hash, createdAt: createdAt, updatedAt: updatedAt,
      lastSignInAt: lastSignInAt, lock: lock, secondFactor: secondFactor)
    record.expiresAt = expiresAt
    // Like `locked`, it counts only when it is `true`.
    record.passwordChangeRequired = fields.flag(.passwordChangeRequired) == true
    account = record
    saysSecondFactor = container.contains(.secondFactor)
  }

  /// A line's fields, each read with its JSON type or not at all.
  private struct Fields {
    let container: KeyedDecodingContainer<CodingKeys>

    /// Missing, or `null`.
    func isAbsent(_ key: CodingKeys) -> Bool {
      !container.contains(key) || (try? container.decodeNil(forKey: key)) == true
    }

    func text(_ key: CodingKeys) -> String? { try? container.decode(String.self, forKey: key) }
    func integer(_ key: CodingKeys) -> Int64? { try? container.decode(Int64.self, forKey: key) }
    func flag(_ key: CodingKeys) -> Bool? { try? container.decode(Bool.self, forKey: key) }

    /// A time when there is one; anything but an ISO 8601 string is refused by name.
    func time(_ key: CodingKeys) throws(Unreadable) -> Date? {
      guard !isAbsent(key) else { return nil }
      guard let time = try? container.decode(Date.self, forKey: key) else {
        throw Unreadable(reason: "\(key.stringValue) is not an ISO 8601 time")
      }
      return time
    }

    /// The `second_factor_*` fields and `recovery_codes_left`, every one required but the
    /// last accepted step.
    func secondFactor() throws(Unreadable) -> ExportedSecondFactor {
      guard let encoded = text(.secondFactorSealedSecret), let box = SodiumBase64.decode(encoded)
      else { throw Unreadable(reason: "second_factor_sealed_secret is not base64") }
      guard let id = integer(.secondFactorSealedForID) else {
        throw Unreadable(reason: "second_factor_sealed_for_id is not an integer")
      }
      guard let algorithm = text(.secondFactorAlgorithm).flatMap(TOTPParameters.Algorithm.init),
        let digits = integer(.secondFactorDigits).flatMap({
          TOTPParameters.Digits(rawValue: Int($0))
        }),
        let period = integer(.secondFactorPeriod),
        let parameters = try? TOTPParameters(
          algorithm: algorithm, digits: digits, period: Int(clamping: period))
      else {
        throw Unreadable(reason: "second_factor_algorithm, _digits or _period not supported")
      }
      guard let state = text(.secondFactorState).flatMap(SecondFactorState.init) else {
        throw Unreadable(reason: "second_factor_state is neither pending nor enabled")
      }
      let lastStep = integer(.secondFactorLastAcceptedStep)
      guard lastStep.map({ $0 >= 0 }) ?? true else {
        throw Unreadable(reason: "second_factor_last_accepted_step is negative")
      }
      guard let created = try? container.decode(Date.self, forKey: .secondFactorCreatedAt),
        let updated = try? container.decode(Date.self, forKey: .secondFactorUpdatedAt)
      else {
        throw Unreadable(
          reason: "second_factor_created_at or _updated_at is not an ISO 8601 time")
      }
      return ExportedSecondFactor(
        sealedSecret: Array(box), sealedForID: UserID(rawValue: id), parameters: parameters,
        state: state, lastAcceptedStep: lastStep.map { UInt64($0) }, createdAt: created,
        updatedAt: updated,
        recoveryCodesLeft: Int(clamping: integer(.recoveryCodesLeft) ?? 0))
    }
  }
}

extension AccountExportLine {
  /// An export file's entries, and the numbers (from 1) of its account lines that have no
  /// `second_factor` field.
  struct Decoded {
    /// Each line as an import entry: blank, decoded, or why it is not an exported account.
    let entries: [AccountImportEntry]
    /// Lines decoded as accounts, without a word on their second factor.
    let linesWithoutSecondFactorField: Set<Int>
  }

  /// Decodes every line; Jansson is opened for it, on first use.
  static func entries(_ lines: [String]) throws(ErrorReport) -> Decoded {
    let parser: JanssonParser
    switch JanssonParser.shared {
    case .success(let loaded): parser = loaded
    case .failure(let refusal):
      throw ErrorReport(
        kind: .unavailable,
        message: "Reading an export needs the Jansson library, which cannot be loaded: "
          + refusal.reason,
        hint: "Install Jansson (Debian and Ubuntu: apt-get install libjansson4).")
    }
    var entries: [AccountImportEntry] = []
    var older: Set<Int> = []
    for (index, line) in lines.enumerated() {
      if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
        entries.append(.blank)
        continue
      }
      guard case .success(let value) = parser.parse(line) else {
        entries.append(.malformed("not a JSON object"))
        continue
      }
      do {
        let decoded = try JSONTreeDecoder.decode(Self.self, from: value)
        if !decoded.saysSecondFactor { older.insert(index + 1) }
        entries.append(.record(decoded.account))
      } catch let unreadable as Unreadable {
        entries.append(.malformed(unreadable.reason))
      } catch {
        entries.append(.malformed("\(error)"))
      }
    }
    return Decoded(entries: entries, linesWithoutSecondFactorField: older)
  }
}
