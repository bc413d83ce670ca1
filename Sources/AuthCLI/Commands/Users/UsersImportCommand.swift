import AuthCore
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli users import`: accounts from another system with their hashes as they are.
@MainActor
struct UsersImportCommand {
  let context: CommandContext

  func run() async throws {
    let chosen = try context.required(Self.format)
    let path = try context.required(Self.file)
    let dryRun = context.values[Self.dryRun]
    let skipInvalid = context.values[Self.skipInvalid]
    let location = try context.lastingDatabaseLocation()
    let lines = try ImportedLines.read(path, input: context.console.input)
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment,
      access: .existingFileOrNewTables)
    let decoded = chosen == .jsonl ? try AccountExportLine.entries(lines) : nil
    let entries = decoded?.entries ?? lines.map(AccountImportEntry.line)
    var request = AccountImportRequest(
      format: chosen, entries: entries, dryRun: dryRun, skipInvalid: skipInvalid,
      keepLocked: context.values[Self.keepLocked], dropExpiry: context.values[Self.dropExpiry],
      dropSecondFactors: context.values[Self.dropSecondFactors])
    request.raiseSignInWork = context.values[Self.raiseSignInWork]
    let report = try await root.services.accountImport.importAccounts(request)
    let refusedLines = report.refused.map { refusal in
      "line \(refusal.line): "
        + (refusal.username.map { TerminalText.visible($0) + ": " } ?? "") + Self.reason(refusal)
    }
    // A dry run answers as the real run would: refused lines without --skip-invalid
    // fail it with the same exit code and lines.
    if !refusedLines.isEmpty, !skipInvalid {
      throw ErrorReport.importRefused(refusedLines, dryRun: dryRun)
    }
    let imported = AccountsImported(
      report, dryRun: dryRun, passes: SignInWorkText.passes(context.process.environment))
    for line in refusedLines { context.note("skipped " + line) }
    for line in Self.changes(report.accepted, dryRun: dryRun) { context.note(line) }
    let older = report.accepted.count {
      decoded?.linesWithoutSecondFactorField.contains($0.line) == true
    }
    if older > 0 {
      context.note(
        "\(counted(older, "line")) of an export without second-factor fields (an older"
          + " release's, which left every second factor behind): those accounts arrive"
          + " without one, and their owners should enrol again with `authcli 2fa enable`.")
    }
    if chosen == .jsonl, report.written, !report.accepted.isEmpty {
      context.note("Sessions are not moved: each user signs in again on this database.")
    }
    // After the notes (standard error, people only): the summary is read last.
    try context.print(imported)
  }

  /// What the import changes about each account it takes, one line each: an expiry not
  /// kept, a second factor moved or dropped, recovery codes left behind.
  private static func changes(_ accounts: [ImportedAccount], dryRun: Bool) -> [String] {
    var lines: [String] = []
    for account in accounts {
      let name = TerminalText.visible(account.username)
      let prefix = "line \(account.line): \(name): "
      if let expiry = account.droppedExpiry {
        lines.append(
          prefix + "expiry \(expiry) \(dryRun ? "would be" : "was") dropped;"
            + " lock the account by then with `authcli users lock \(name)`")
      }
      switch account.secondFactor {
      case .none: break
      case .moved:
        lines.append(prefix + "second factor \(dryRun ? "would be" : "was") moved")
      case .dropped:
        lines.append(
          prefix + "second factor \(dryRun ? "would be" : "was") dropped:"
            + " the password alone signs in")
      }
      if account.recoveryCodesNotMoved > 0 {
        lines.append(
          prefix + "\(counted(account.recoveryCodesNotMoved, "recovery code")) not moved;"
            + " \(name) must make new ones with `authcli 2fa recovery-codes`")
      }
    }
    return lines
  }

  /// A refused line's reason as printed, with the option that would take the line in.
  static func reason(_ refusal: ImportRefusal) -> String {
    switch refusal.remedy {
    case .keepLocked: refusal.reason + " (--\(keepLocked.declaration.name) imports it locked)"
    case .dropExpiry: refusal.reason + " (--\(dropExpiry.declaration.name) imports it without)"
    case .dropSecondFactors:
      refusal.reason + " (--\(dropSecondFactors.declaration.name) imports it without)"
    case .raiseSignInWork(let work):
      refusal.reason + "; --\(raiseSignInWork.declaration.name) admits it, and every sign-in "
        + "then costs \(work)"
    case nil: refusal.reason
    }
  }
}

extension UsersImportCommand {
  static let format = ImportedLines.formatOption(AccountImportFormat.self)
  static let dryRun = Flag("dry-run", help: "Report what would be imported; write nothing.")
  static let skipInvalid = Flag(
    "skip-invalid", help: "Import the acceptable lines and list the refused ones.")
  static let keepLocked = Flag(
    "keep-locked",
    help: "Import locked shadow entries ('!', '*', an expiry passed) as locked accounts.")
  static let dropExpiry = Flag(
    "drop-expiry", help: "Import shadow entries whose expiry is to come without it.")
  static let dropSecondFactors = Flag(
    "drop-second-factors", help: "Import exported accounts without their second factor.")
  static let raiseSignInWork = Flag(
    "raise-sign-in-work",
    help: "Keep hashes dearer than the store's sign-in work and raise it to what they need.")
  static let file = ImportedLines.file

  static let declaration = Subcommand(
    "import",
    abstract: "Import accounts from htpasswd, shadow, Django or an export, with their hashes.",
    discussion: """
      Each account keeps its hash: nobody's password changes, and the hash is replaced by
      Argon2id at its next sign-in. Refused lines are named by number with the reason: weak
      or unverifiable schemes, names that break the username rules, duplicates within the
      file or of existing accounts, a shadow expiry (passed: a lock under --keep-locked; to
      come: dropped only under --drop-expiry), an exported second factor the key file does
      not open. All or nothing: one refused line and nothing is imported (exit 65), unless
      --skip-invalid. A second factor moves with its account; recovery codes do not.
      A hash dearer than the store's sign-in work (a Django 5 site's) is refused unless
      --raise-sign-in-work, which raises what every sign-in costs to what the dearest kept
      hash needs (its work and \(HashWorkRule.rateMarginPercent) %, at most 524288 KiB ×
      passes) and says so; the store keeps it until the last such hash is replaced at
      sign-in (see `authcli users sign-in-work`).
      """,
    arguments: [file],
    options: [
      format, dryRun, skipInvalid, keepLocked, dropExpiry, dropSecondFactors, raiseSignInWork,
    ]
  ) { context in
    try await UsersImportCommand(context: context).run()
  }
}

/// `users import`: what was (or, in a dry run, would be) imported and what was skipped.
struct AccountsImported: JSONOutput, CommandOutput {
  /// A count, named as the other counts are (`ended_sessions`): a verb alone is a flag.
  let importedAccounts: Int
  let dryRun: Bool
  /// Accounts per hash scheme.
  let schemes: [String: Int]
  let accounts: [Account]
  let skipped: [Skipped]
  /// The store's sign-in work (Argon2id KiB × passes) after the import raised it (or, in a
  /// dry run, would have); `null` when it did not.
  let signInWork: Int?
  /// The work before the raise; `null` when there was none.
  let previousSignInWork: Int?
  /// Deprecated: `imported_accounts`; removed in the next release.
  let imported: Int?
  /// The Argon2id passes at which the text spells a work as memory (not a key: the work is
  /// the figure).
  let passes: Int

  enum CodingKeys: String, CodingKey, CaseIterable {
    case accounts, dryRun = "dry_run", imported, importedAccounts = "imported_accounts"
    case previousSignInWork = "previous_sign_in_work", schemes, signInWork = "sign_in_work"
    case skipped
  }

  static let deprecatedKeys: [CodingKeys: String] = [.imported: "`imported_accounts`"]

  /// One account taken.
  struct Account: JSONOutput {
    let line: Int
    let username: String
    let passwordScheme: String
    let locked: Bool
    let droppedExpiry: String?
    /// The shadow entry's expiry kept as the account's; `null` for none.
    let expiresAt: Date?
    let secondFactorTransfer: String
    let recoveryCodesNotMoved: Int
    /// Whether its next sign-in must choose a new password (shadow's last change 0).
    let passwordChangeRequired: Bool
    /// Deprecated: `password_scheme`, as `users show` names it; removed in the next release.
    let scheme: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
      case droppedExpiry = "dropped_expiry", expiresAt = "expires_at", line, locked
      case passwordChangeRequired = "password_change_required", passwordScheme = "password_scheme"
      case recoveryCodesNotMoved = "recovery_codes_not_moved", scheme
      case secondFactorTransfer = "second_factor_transfer", username
    }

    static let deprecatedKeys: [CodingKeys: String] = [.scheme: "`password_scheme`"]

    init(_ account: ImportedAccount) {
      line = account.line
      username = account.username
      passwordScheme = account.scheme?.rawValue ?? "none"
      locked = account.locked
      droppedExpiry = account.droppedExpiry
      expiresAt = account.expiresAt
      secondFactorTransfer = account.secondFactor.rawValue
      recoveryCodesNotMoved = account.recoveryCodesNotMoved
      passwordChangeRequired = account.passwordChangeRequired
      scheme = passwordScheme
    }
  }

  /// One line refused, when `--skip-invalid` let the rest through.
  struct Skipped: JSONOutput {
    let line: Int
    let username: String?
    let reason: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case line, reason, username
    }
  }

  @MainActor init(_ report: AccountImportReport, dryRun: Bool, passes: Int) {
    importedAccounts = report.written ? report.accepted.count : 0
    self.dryRun = dryRun
    schemes = report.countsPerScheme
    accounts = report.accepted.map(Account.init)
    skipped = report.refused.map {
      Skipped(line: $0.line, username: $0.username, reason: UsersImportCommand.reason($0))
    }
    signInWork = report.signInWork?.to
    previousSignInWork = report.signInWork?.from
    imported = importedAccounts
    self.passes = passes
  }

  /// The count per scheme, second factors and skipped lines; then the sign-in work when the
  /// import raised it.
  func text(style: Style) -> String {
    let counts = schemes.sorted { $0.key < $1.key }
      .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    let moved = accounts.count { $0.secondFactorTransfer == SecondFactorTransfer.moved.rawValue }
    let dropped = accounts.count {
      $0.secondFactorTransfer == SecondFactorTransfer.dropped.rawValue
    }
    let secondFactors =
      moved + dropped == 0
      ? "" : "; \(counted(moved + dropped, "second factor")): \(moved) moved, \(dropped) dropped"
    var text =
      "\(dryRun ? "Would import" : "Imported") \(counted(accounts.count, "account"))"
      + (counts.isEmpty ? "" : " (\(counts))") + secondFactors
      + (skipped.isEmpty ? "" : "; skipped \(counted(skipped.count, "line"))")
      + (dryRun ? "; nothing was written." : ".")
    if let signInWork, let previousSignInWork {
      // Every account taken was written: not a dry run, nor a run that wrote nothing.
      let written = !dryRun && importedAccounts == accounts.count
      text +=
        "\n" + (written ? "Every sign-in now costs " : "Every sign-in would cost ")
        + SignInWorkText.describe(signInWork, passes: passes) + ", up from "
        + SignInWorkText.describe(previousSignInWork, passes: passes)
        + ", until every kept hash needing more than the default is replaced at sign-in."
    }
    return text
  }
}
