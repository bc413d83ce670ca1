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

  /// Takes the ports it works through; without a verifier every legacy hash is refused,
  /// since no sign-in could ever check it.
  public init(
    store: any AuthStore, hasher: any PasswordHasher,
    verifier: (any LegacyPasswordVerifier)?, clock: any WallClock,
    policy: AuthPolicy = .standard
  ) {
    self.store = store
    self.hasher = hasher
    self.verifier = verifier
    self.clock = clock
    self.policy = policy
  }

  /// A line judged on its own, before the store is asked about its name.
  private struct Candidate: Sendable {
    let account: ImportedAccount
    let name: Username
    let hash: String
    /// What an authcli export adds: times and the lock as they were there.
    var record: AccountImportRecord? = nil
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
    for (index, line) in request.entries.enumerated() {
      let number = index + 1
      switch try judge(line, number: number, request: request) {
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
    let now = clock.now()
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
      if write {
        for candidate in accepted {
          try insert(candidate, at: now, in: context)
        }
      }
      return AccountImportReport(
        accepted: accepted.map(\.account), refused: refusals, written: write)
    }
    if request.dryRun { return try await store.read(work) }
    return try await store.write(work)
  }

  /// Inserts one account with its hash, lock and audit event.
  private func insert(
    _ candidate: Candidate, at now: Date, in context: any AuthStoreContext
  ) throws(AuthError) {
    let record = candidate.record
    let user = try context.insertUser(
      username: candidate.name, passwordHash: candidate.hash, at: record?.createdAt ?? now)
    // Failures guessed against the name before it had an account are not the owner's.
    try context.clearThrottleState(for: candidate.name.canonical)
    var detail =
      "line \(candidate.account.line); scheme \(candidate.account.scheme?.rawValue ?? "none")"
    if let lock = record?.lock {
      try context.setLock(lock, for: user.id, at: record?.updatedAt ?? now)
      detail += "; locked"
    } else if candidate.account.locked {
      try context.setLock(
        AccountLock(lockedAt: now, reason: "locked in the imported file"), for: user.id, at: now)
      detail += "; locked"
    } else if let updated = record?.updatedAt, updated != user.updatedAt {
      // The same hash again: what moves `updated_at` to the time the export had.
      try context.updatePasswordHash(candidate.hash, for: user.id, at: updated)
    }
    if let lastSignIn = record?.lastSignInAt {
      // The last sign-in is read from the trail, so the moved account's is recorded there.
      try context.append(
        AuthEventDraft(
          time: lastSignIn, kind: .signInSucceeded, userID: user.id, username: user.username,
          detail: "last sign-in before the import"))
    }
    try context.append(
      AuthEventDraft(
        time: now, kind: .accountImported, userID: user.id, username: user.username,
        detail: detail))
  }

  /// A line's account, its refusal, or nothing for a blank line or a comment.
  private func judge(
    _ entry: AccountImportEntry, number: Int, request: AccountImportRequest
  ) throws(AuthError) -> Judged {
    let fields: AccountLineParser.Fields
    var record: AccountImportRecord? = nil
    switch entry {
    case .blank: return .skip
    case .malformed(let reason):
      return .refused(ImportRefusal(line: number, username: nil, reason: reason))
    case .record(let decoded):
      record = decoded
      fields = AccountLineParser.Fields(name: decoded.name, hash: decoded.hash)
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
    let refuse = { (reason: String) in
      Judged.refused(ImportRefusal(line: number, username: name.canonical, reason: reason))
    }
    let hash: LegacyPasswordHash
    var locked = false
    do throws(LegacyPasswordHashError) {
      hash = try LegacyPasswordHash(parsing: fields.hash)
    } catch {
      guard case .locked(let retained) = error, request.keepLocked else {
        return refuse(error.reason + (error.isLocked ? " (--keep-locked imports it locked)" : ""))
      }
      guard let retained else {
        // Kept locked with a hash no password matches: the name is reserved, and an
        // operator's reset-password gives it one.
        let account = ImportedAccount(
          line: number, username: name.canonical, scheme: nil, locked: true)
        return .accepted(
          Candidate(account: account, name: name, hash: try unmatchableHash()))
      }
      hash = retained
      locked = true
    }
    if let reason = refusal(of: hash) { return refuse(reason) }
    let account = ImportedAccount(
      line: number, username: name.canonical, scheme: hash.scheme,
      locked: locked || record?.lock != nil)
    return .accepted(Candidate(account: account, name: name, hash: hash.text, record: record))
  }

  /// Why a parsed hash cannot be kept: one whose verification would cost more than the
  /// timing rule allows (`HashWorkRule`, the rule sign-in applies, Argon2id included), or
  /// one no sign-in could verify.
  private func refusal(of hash: LegacyPasswordHash) -> String? {
    guard hash.scheme.isCurrent || verifier != nil else {
      return "no verifier for \(hash.scheme.rawValue) hashes"
    }
    // A wrong password on a hash dearer than the current cost could not be answered in
    // the time of an unknown name: raising the current cost admits it.
    if let reason = HashWorkRule.judge(hash, currentWork: hasher.currentWork, at: .import)
      .importRefusal
    {
      return reason
    }
    if hash.scheme.isCurrent {
      return hasher.storedCost(of: hash.text) == .unreadable
        ? "argon2id hash the hasher cannot read" : nil
    }
    do throws(LegacyPasswordVerifierError) {
      try verifier?.check(hash)
    } catch {
      return "\(hash.scheme.rawValue) setting refused by its library"
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

extension LegacyPasswordHashError {
  /// A locked or password-less shadow entry.
  var isLocked: Bool {
    if case .locked = self { return true }
    return false
  }
}
