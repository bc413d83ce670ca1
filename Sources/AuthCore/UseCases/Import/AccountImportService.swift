#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Takes accounts from another system's file with their hashes as they are, so that
/// nobody's password changes and none is ever read in clear.
///
/// Every line is judged before anything is written: its layout, the username rules, its
/// hash (parsed, then accepted by the verifier's library), duplicates within the file, and
/// names that have an account already (read in the same transaction that inserts). All or
/// nothing by default: one refused line and nothing is written; with `skipInvalid` the
/// rest goes in. Each account is audited `account_imported` with its line and scheme,
/// never its hash.
public struct AccountImportService: Sendable {
  private let store: any AuthStore
  private let hasher: any PasswordHasher
  private let verifier: (any LegacyPasswordVerifier)?
  private let clock: any WallClock
  private let policy: AuthPolicy
  private let secondFactorKeys: (any SecondFactorKeySource)?

  /// Takes the ports it works through; without a verifier every legacy hash is refused,
  /// since no sign-in could ever check it, and without a key source every exported second
  /// factor is refused, since none could be moved.
  public init(
    store: any AuthStore, hasher: any PasswordHasher,
    verifier: (any LegacyPasswordVerifier)?, clock: any WallClock,
    policy: AuthPolicy = .standard, secondFactorKeys: (any SecondFactorKeySource)? = nil
  ) {
    self.store = store
    self.hasher = hasher
    self.verifier = verifier
    self.clock = clock
    self.policy = policy
    self.secondFactorKeys = secondFactorKeys
  }

  /// A line judged on its own, before the store is asked about its name.
  private struct Candidate: Sendable {
    let account: ImportedAccount
    let name: Username
    let hash: String
    /// What an authcli export adds: times and the lock as they were there.
    var record: AccountImportRecord? = nil
    /// Why the account arrives locked, when the file locked it.
    var lockReason: String? = nil
    /// The exported factor, to be sealed for the new account.
    var secondFactor: MovedFactor? = nil
    /// The sign-in work the kept hash needs (`HashWorkRule.neededSignInWork(for:)`); 0 for
    /// none.
    var neededWork = 0
  }

  /// An exported factor whose secret opened under the key file.
  private struct MovedFactor: Sendable {
    let factor: ExportedSecondFactor
    let secret: [UInt8]
    let sealer: any SecretSealer
  }

  /// What every line is judged against: the request, today's day number (for shadow
  /// expiry) and the key that opens exported second factors.
  private struct Judging {
    let request: AccountImportRequest
    let today: Int
    let keys: Result<SecondFactorKeys, SecondFactorError>?
  }

  /// What one line gives.
  private enum Judged: Sendable {
    /// Nothing (a blank line or a comment).
    case skip
    /// A refusal.
    case refused(ImportRefusal)
    /// An account, before its name is looked up.
    case accepted(Candidate)
  }

  /// Judges every line and, unless refused or dry, writes the accounts in one transaction.
  @concurrent
  public func importAccounts(
    _ request: AccountImportRequest
  ) async throws(AuthError) -> AccountImportReport {
    var candidates: [Candidate] = []
    var refused: [ImportRefusal] = []
    var firstLine: [String: Int] = [:]
    let now = clock.now()
    let judging = Judging(
      request: request, today: CalendarDay(containing: now).dayNumber,
      keys: request.dropSecondFactors || !request.entries.contains(where: \.hasSecondFactor)
        ? nil : secondFactorKeysResult())
    for (index, line) in request.entries.enumerated() {
      let number = index + 1
      switch try judge(line, number: number, judging: judging) {
      case .skip: continue
      case .refused(let refusal): refused.append(refusal)
      case .accepted(let candidate):
        if let earlier = firstLine[candidate.name.canonical] {
          refused.append(
            ImportRefusal(
              line: number, username: candidate.name.canonical,
              reason: "duplicate of line \(earlier)"))
        } else {
          firstLine[candidate.name.canonical] = number
          candidates.append(candidate)
        }
      }
    }
    let fileRefusals = refused
    let work = { (context: any AuthStoreContext) throws(AuthError) -> AccountImportReport in
      var refusals = fileRefusals
      var accepted: [Candidate] = []
      for candidate in candidates {
        if try context.userRecord(named: candidate.name) != nil {
          refusals.append(
            ImportRefusal(
              line: candidate.account.line, username: candidate.name.canonical,
              reason: "an account with this name exists"))
        } else {
          accepted.append(candidate)
        }
      }
      refusals.sort { $0.line < $1.line }
      let write = !request.dryRun && (refusals.isEmpty || request.skipInvalid)
      let raised =
        request.raiseSignInWork ? try raisedWork(for: accepted, in: context) : nil
      if write {
        for candidate in accepted {
          try insert(candidate, at: now, in: context)
        }
        if let raised {
          try context.setRaisedSignInWork(raised.to, at: now)
          try context.append(
            AuthEventDraft(
              time: now, kind: .signInWorkChanged, userID: nil, username: nil,
              detail: "raised from \(raised.from) to \(raised.to) KiB × passes by an import"))
        }
      }
      var report = AccountImportReport(
        accepted: accepted.map(\.account), refused: refusals, written: write)
      report.signInWork = raised
      return report
    }
    if request.dryRun { return try await store.read(work) }
    return try await store.write(work)
  }

  /// The store's sign-in work raised to what the dearest of `accepted`'s kept hashes needs
  /// (its work and the rate table's margin), when the request allows it and one needs more
  /// than the work now; `nil` otherwise.
  private func raisedWork(
    for accepted: [Candidate], in context: any AuthStoreContext
  ) throws(AuthError) -> SignInWorkChange? {
    guard let current = hasher.currentWork else { return nil }
    let stored = try context.raisedSignInWork() ?? 0
    let now = max(current, stored)
    let needed = accepted.map(\.neededWork).max() ?? 0
    return needed > now ? SignInWorkChange(from: now, to: needed) : nil
  }

  /// Inserts one account with its hash, lock and audit event.
  private func insert(
    _ candidate: Candidate, at now: Date, in context: any AuthStoreContext
  ) throws(AuthError) {
    let record = candidate.record
    let user = try context.insertAccount(
      username: candidate.name, passwordHash: candidate.hash, at: record?.createdAt ?? now)
    var detail =
      "line \(candidate.account.line); scheme \(candidate.account.scheme?.rawValue ?? "none")"
    if let moved = candidate.secondFactor {
      try context.replaceSecondFactor(try resealed(moved, for: user.id))
      detail += "; second factor moved (\(moved.factor.state.rawValue))"
    } else if candidate.account.secondFactor == .dropped {
      detail += "; second factor dropped"
    }
    if let expiry = candidate.account.droppedExpiry {
      detail += "; expiry \(expiry) dropped"
    }
    if let expiresAt = candidate.account.expiresAt {
      try context.setExpiry(expiresAt, for: user.id, at: record?.updatedAt ?? user.updatedAt)
      detail += "; expires on \(CalendarDay(containing: expiresAt))"
    }
    if candidate.account.passwordChangeRequired {
      try context.setPasswordChangeRequired(
        true, for: user.id, at: record?.updatedAt ?? user.updatedAt)
      detail += "; new password required"
    }
    if let lock = record?.lock {
      try context.setLock(lock, for: user.id, at: record?.updatedAt ?? now)
      detail += "; locked"
    } else if candidate.account.locked {
      try context.setLock(
        AccountLock(lockedAt: now, reason: candidate.lockReason ?? "locked in the imported file"),
        for: user.id, at: now)
      detail += "; locked"
    } else if let updated = record?.updatedAt, updated != user.updatedAt {
      // The same hash again: what moves `updated_at` to the time the export had.
      try context.updatePasswordHash(candidate.hash, for: user.id, at: updated)
    }
    if let lastSignIn = record?.lastSignInAt {
      // The last sign-in is read from the trail, so the moved account's is recorded there.
      try context.append(
        AuthEventDraft(
          time: lastSignIn, kind: .signInSucceeded, user: user,
          detail: "last sign-in before the import"))
    }
    try context.append(
      AuthEventDraft(time: now, kind: .accountImported, user: user, detail: detail))
  }

  /// A line's account, its refusal, or nothing for a blank line or a comment.
  private func judge(
    _ entry: AccountImportEntry, number: Int, judging: Judging
  ) throws(AuthError) -> Judged {
    let request = judging.request
    let fields: AccountLineParser.Fields
    var record: AccountImportRecord? = nil
    switch entry {
    case .blank: return .skip
    case .malformed(let reason):
      return .refused(ImportRefusal(line: number, username: nil, reason: reason))
    case .record(let decoded):
      record = decoded
      fields = AccountLineParser.Fields(
        name: decoded.name, hash: decoded.hash,
        passwordChangeRequired: decoded.passwordChangeRequired)
    case .line(let line):
      switch AccountLineParser.parse(line, as: request.format) {
      case .skip: return .skip
      case .malformed(let reason):
        return .refused(ImportRefusal(line: number, username: nil, reason: reason))
      case .account(let parsed): fields = parsed
      }
    }
    let validated = Username.validate(fields.name, rules: policy.username)
    guard let name = validated.asValidated else {
      return .refused(
        ImportRefusal(
          line: number, username: fields.name,
          reason: "username: " + (validated.errorMessage ?? "not a valid username")))
    }
    let refuse = { (reason: String, remedy: ImportRemedy?) in
      Judged.refused(
        ImportRefusal(line: number, username: name.canonical, reason: reason, remedy: remedy))
    }
    let hash: LegacyPasswordHash?
    var lockReason: String? = nil
    do throws(LegacyPasswordHashError) {
      hash = try LegacyPasswordHash(parsing: fields.hash)
    } catch {
      guard case .locked(let retained) = error, request.keepLocked else {
        return refuse(error.reason, error.isLocked ? .keepLocked : nil)
      }
      // Without a retained hash it is kept with one no password matches: the name is
      // reserved, and an operator's reset-password gives it one.
      hash = retained
      lockReason = "locked in the imported file"
    }
    if let hash, let refusal = refusal(of: hash, raising: request.raiseSignInWork) {
      return refuse(refusal.reason, refusal.remedy)
    }
    var droppedExpiry: String? = nil
    // An export's expiry moves as its lock does, come or not.
    var expiresAt: Date? = record?.expiresAt
    if let day = fields.expiryDay {
      let date = Self.date(ofDay: day)
      if day <= judging.today {
        // The day it expires is the first it refuses, as pam_unix counts it.
        guard request.keepLocked else {
          return refuse("account expired on \(date)", .keepLocked)
        }
        lockReason = "account expired on \(date) (shadow)"
      } else if request.dropExpiry {
        droppedExpiry = date
      } else {
        // Kept: from that day on the account is refused, as `users expire --on` does.
        expiresAt = CalendarDay(dayNumber: day).start
      }
    }
    var transfer = SecondFactorTransfer.none
    var moved: MovedFactor? = nil
    if let factor = record?.secondFactor {
      if request.dropSecondFactors {
        transfer = .dropped
      } else {
        switch opened(factor, with: judging.keys) {
        case .success(let opened):
          transfer = .moved
          moved = opened
        case .failure(let failure):
          return refuse("second factor not moved: \(failure.reason)", .dropSecondFactors)
        }
      }
    }
    let account = ImportedAccount(
      line: number, username: name.canonical, scheme: hash?.scheme,
      locked: lockReason != nil || record?.lock != nil, droppedExpiry: droppedExpiry,
      secondFactor: transfer,
      // Codes of a dropped factor are moot: there is no factor to use them with.
      recoveryCodesNotMoved: moved?.factor.recoveryCodesLeft ?? 0, expiresAt: expiresAt,
      passwordChangeRequired: fields.passwordChangeRequired)
    let kept: String
    if let hash { kept = hash.text } else { kept = try unmatchableHash() }
    return .accepted(
      Candidate(
        account: account, name: name, hash: kept, record: record, lockReason: lockReason,
        secondFactor: moved, neededWork: hash.map(HashWorkRule.neededSignInWork(for:)) ?? 0))
  }

  /// `YYYY-MM-DD` of a day counted from 1970-01-01.
  static func date(ofDay day: Int) -> String {
    CalendarDay(dayNumber: day).description
  }

  /// The key source's keys, or why there are none; read once, only for a file that holds
  /// a second factor to move.
  private func secondFactorKeysResult() -> Result<SecondFactorKeys, SecondFactorError> {
    guard let secondFactorKeys else { return .failure(.unsupported) }
    do throws(SecondFactorError) {
      return .success(try secondFactorKeys.keys(creatingIfMissing: false))
    } catch {
      return .failure(error)
    }
  }

  /// The exported factor's secret, opened under the key file for the account id it was
  /// sealed for, or why it does not open.
  private func opened(
    _ factor: ExportedSecondFactor, with source: Result<SecondFactorKeys, SecondFactorError>?
  ) -> Result<MovedFactor, ImportKeyFailure> {
    let keys: SecondFactorKeys
    switch source {
    case .success(let available)?: keys = available
    case .failure(let error)?: return .failure(ImportKeyFailure(error.description))
    case nil: return .failure(ImportKeyFailure("no second-factor key"))
    }
    do throws(SecretSealerError) {
      let secret = try keys.sealer.open(
        factor.sealedSecret, context: SecondFactorChallenge.sealingContext(factor.sealedForID))
      return .success(MovedFactor(factor: factor, secret: secret, sealer: keys.sealer))
    } catch {
      switch error {
      case .wrongKey:
        return .failure(ImportKeyFailure("the key file is not the one its secret was sealed with"))
      case .damaged, .unsupportedFormat:
        return .failure(ImportKeyFailure("its sealed secret does not open: it is damaged"))
      case .libraryFailure(let reason): return .failure(ImportKeyFailure(reason))
      }
    }
  }

  /// The exported factor with its secret sealed for `userID`, the new account.
  private func resealed(
    _ moved: MovedFactor, for userID: UserID
  ) throws(AuthError) -> StoredSecondFactor {
    let factor = moved.factor
    let sealed: [UInt8]
    do throws(SecretSealerError) {
      sealed = try moved.sealer.seal(
        moved.secret, context: SecondFactorChallenge.sealingContext(userID))
    } catch {
      throw .secondFactor(.library(String(describing: error)))
    }
    return StoredSecondFactor(
      userID: userID, sealedSecret: sealed, parameters: factor.parameters, state: factor.state,
      lastAcceptedStep: factor.lastAcceptedStep, createdAt: factor.createdAt,
      updatedAt: factor.updatedAt)
  }

  /// Why a parsed hash cannot be kept: one whose verification would cost more than the
  /// timing rule allows (`HashWorkRule`, the rule sign-in applies, Argon2id included), or
  /// one no sign-in could verify.
  private func refusal(
    of hash: LegacyPasswordHash, raising: Bool
  ) -> (reason: String, remedy: ImportRemedy?)? {
    guard hash.scheme.isCurrent || verifier != nil else {
      return ("no verifier for \(hash.scheme.rawValue) hashes", nil)
    }
    // A wrong password on a hash dearer than the store's sign-in work could not be answered
    // in the time of an unknown name: raising the store's sign-in work admits it, up to the
    // most a sign-in may cost.
    if let refusal = HashWorkRule.importRefusal(
      of: hash, signInWork: hasher.currentWork, raising: raising)
    {
      return refusal
    }
    if hash.scheme.isCurrent {
      return hasher.storedCost(of: hash.text) == .unreadable
        ? ("argon2id hash the hasher cannot read", nil) : nil
    }
    do throws(LegacyPasswordVerifierError) {
      try verifier?.check(hash)
    } catch {
      return ("\(hash.scheme.rawValue) setting refused by its library", nil)
    }
    return nil
  }

  private func unmatchableHash() throws(AuthError) -> String {
    do throws(PasswordHasherError) {
      return try hasher.unmatchableHash()
    } catch {
      throw .hashing(error)
    }
  }
}

/// Why an exported second factor cannot be moved, as a refusal prints it.
private struct ImportKeyFailure: Error {
  let reason: String
  init(_ reason: String) { self.reason = reason }
}

extension AccountImportEntry {
  /// Whether the line carries an exported second factor.
  var hasSecondFactor: Bool {
    if case .record(let record) = self { return record.secondFactor != nil }
    return false
  }
}

extension LegacyPasswordHashError {
  /// A locked or password-less shadow entry.
  var isLocked: Bool {
    if case .locked = self { return true }
    return false
  }
}
