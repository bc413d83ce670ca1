import AuthCore
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The operator's verbs of `authcli users` beside `list`, over the account administration
/// use case. Whoever can open the database may run them.
@MainActor
struct UserAdministrationCommand {
  let context: CommandContext

  /// `users add`: sign-up's rules, no session.
  func add() async throws {
    let username = context.values[CredentialOptions.username]
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context,
      passwordFromStandardInput: context.values[CredentialOptions.passwordStandardInput])
    var name = try reader.username(given: username)
    var password = try reader.confirmedNewPassword(
      prompt: "Password: ", confirmation: "Repeat password: ")
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment,
      access: .existingFileOrNewTables)
    var result = try await root.services.accounts.addAccount(
      NewAccountRequest(username: name, password: password))
    // On a terminal a refused field is asked again, as the shell asks it; a name given
    // with --username is the operator's to correct, so its refusal ends the command.
    while case .invalid(let validation) = result, reader.asksAgain {
      if let refusal = FieldError("username", validation.username) {
        guard username == nil else { break }
        reader.sayRefused(refusal)
        name = try reader.username(given: nil)
      } else if let refusal = FieldError(operatorsField: "password", validation.password) {
        reader.sayRefused(refusal)
        password = try reader.confirmedNewPassword(
          prompt: "Password: ", confirmation: "Repeat password: ")
      } else {
        break
      }
      result = try await root.services.accounts.addAccount(
        NewAccountRequest(username: name, password: password))
    }
    switch result {
    case .added(let user):
      try context.emit(json: AccountAdded(username: user.username, createdAt: user.createdAt))
      context.show("Created account \(TerminalText.visible(user.username)) (not signed in).")
    case .invalid(let validation):
      throw FieldRefusals.error([
        FieldError("username", validation.username),
        FieldError(operatorsField: "password", validation.password),
      ])
    }
  }

  /// `users show`: everything but the hash.
  func show(_ username: String) async throws {
    let services = try root().services
    let details = try await services.accounts.account(named: username)
    let factor = try await services.secondFactor.status(named: username)
    try context.emit(json: AccountShown(details, secondFactor: factor.enabled))
    context.show(Self.text(details, secondFactor: factor, style: context.outputStyle))
  }

  /// `users reset-2fa`: removes the account's second factor and ends its sessions.
  func resetSecondFactor(_ username: String) async throws {
    let change = try await root().services.secondFactor.reset(named: username)
    try context.emit(
      json: SecondFactorReset(username: change.user.username, endedSessions: change.endedSessions))
    context.show(
      "Removed the second factor of \(TerminalText.visible(change.user.username));"
        + " \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users delete`: asks on a terminal, needs `--yes` otherwise.
  func delete(_ username: String) async throws {
    let root = try root()
    // Looked up first, so a typo answers "no such account" rather than a question.
    let details = try await root.services.accounts.account(named: username)
    let shown = TerminalText.visible(details.user.username)
    if !context.values[Self.yes] {
      try confirm(
        "Delete account \(shown) and end its \(details.activeSessions.count) session(s)? [y/N] ")
    }
    let change = try await root.services.accounts.deleteAccount(named: username)
    try context.emit(
      json: AccountDeleted(username: change.user.username, endedSessions: change.endedSessions))
    context.show(
      "Deleted account \(shown); \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users lock`: the lock, with the reason given.
  func lock(_ username: String) async throws {
    let reason = context.values[Self.reason] ?? ""
    let change = try await root().services.accounts.lockAccount(named: username, reason: reason)
    let shown = TerminalText.visible(change.user.username)
    try context.emit(
      json: AccountLocked(
        username: change.user.username, wasLocked: change.wasLocked, lockReason: reason,
        endedSessions: change.endedSessions, reason: reason))
    context.show(
      (change.wasLocked ? "Account \(shown) was locked already; reason updated" : "Locked \(shown)")
        + "; \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users unlock`: the lock lifted and the throttle cleared.
  func unlock(_ username: String) async throws {
    let change = try await root().services.accounts.unlockAccount(named: username)
    let shown = TerminalText.visible(change.user.username)
    try context.emit(
      json: AccountUnlocked(username: change.user.username, wasLocked: change.wasLocked))
    context.show(
      (change.wasLocked ? "Unlocked \(shown)" : "Account \(shown) was not locked")
        + "; failed sign-ins cleared.")
  }

  /// `users require-new-password`: the next sign-in chooses a new password first.
  func requireNewPassword(_ username: String) async throws {
    let demand = try await root().services.accounts.requireNewPassword(named: username)
    let shown = TerminalText.visible(demand.user.username)
    try context.emit(
      json: NewPasswordRequired(username: demand.user.username, wasRequired: demand.wasRequired))
    context.show(
      (demand.wasRequired
        ? "Account \(shown) was asked for a new password already"
        : "Account \(shown) must choose a new password at its next sign-in")
        + "; its sessions stay.")
  }

  /// `users reset-password`: a new password, every session ended.
  func resetPassword(_ username: String) async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context,
      passwordFromStandardInput: context.values[CredentialOptions.passwordStandardInput])
    var password = try reader.confirmedNewPassword(
      prompt: "New password: ", confirmation: "Repeat new password: ")
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    var result = try await root.services.accounts.resetPassword(named: username, to: password)
    // On a terminal a refused password is asked again, as the shell asks it.
    while reader.asksAgain, let refusal = FieldError(operatorsField: "password", result) {
      reader.sayRefused(refusal)
      password = try reader.confirmedNewPassword(
        prompt: "New password: ", confirmation: "Repeat new password: ")
      result = try await root.services.accounts.resetPassword(named: username, to: password)
    }
    guard case .valid(let change) = result else {
      throw FieldRefusals.error([FieldError(operatorsField: "password", result)])
    }
    try context.emit(
      json: PasswordReset(username: change.user.username, endedSessions: change.endedSessions))
    context.show(
      "Password of \(TerminalText.visible(change.user.username)) reset; "
        + "\(Self.sessions(change.endedSessions)) ended.")
  }

  private func root() throws -> CompositionRoot {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    return try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
  }

  /// Asks on a terminal; without one (or under `--no-input`) names `--yes`. Anything but
  /// "y" or "yes" declines, and nothing changes.
  private func confirm(_ question: String) throws {
    guard context.console.inputIsTerminal, !context.options.noInput else {
      throw CLIError.notConfirmed("Deleting needs confirmation; pass --yes")
    }
    InterruptTrap.install()
    defer { InterruptTrap.uninstall() }
    let errors = context.console.errors
    switch context.console.input.readLine(secret: false, prompt: { errors.write(question) }) {
    case .line(let answer):
      let word = answer.trimmingSpaces.lowercased()
      guard word == "y" || word == "yes" else {
        throw CLIError.notConfirmed("Not confirmed; nothing was changed.")
      }
    case .endOfInput:
      errors.write("\n")
      throw CLIError.endOfInput
    case .interrupted:
      errors.write("\n")
      throw CLIError.interrupted
    case .notText: throw CLIError.notText
    case .tooLong: throw CLIError.lineTooLong
    }
  }

  /// The stored hash's scheme, and whether the next sign-in replaces it.
  private static func scheme(_ scheme: LegacyPasswordHash.Scheme?) -> String {
    guard let scheme else { return "unreadable (no password matches)" }
    return scheme.isCurrent ? scheme.rawValue : scheme.rawValue + ", upgraded at next sign-in"
  }

  /// The expiry as `users expire` takes it: the day, refused from its start (UTC).
  private static func expiry(_ expiresAt: Date) -> String {
    let day = CalendarDay(containing: expiresAt)
    return Date() >= expiresAt ? "expired on \(day)" : "on \(day) (refused from 00:00 UTC)"
  }

  private static func sessions(_ count: Int) -> String {
    "\(count) session\(count == 1 ? "" : "s")"
  }

  private static func text(
    _ details: AccountDetails, secondFactor: SecondFactorStatus, style: Style
  ) -> String {
    var lock = "no"
    if let standing = details.lock {
      lock = "yes, since \(Timestamp.readable(standing.lockedAt))"
      if !standing.reason.isEmpty { lock += ": " + standing.reason }
    }
    var failures = String(details.failedAttempts)
    if let until = details.throttledUntil {
      failures += " (sign-in refused until \(Timestamp.readable(until)))"
    }
    var lines = [
      ("Username", details.user.username),
      ("Created", Timestamp.readable(details.user.createdAt)),
      ("Updated", Timestamp.readable(details.user.updatedAt)),
      ("Last sign-in", details.lastSignInAt.map(Timestamp.readable) ?? "never"),
      ("Locked", lock),
      ("Failed sign-ins", failures),
      ("Second factor", secondFactor.enabled ? "on" : (secondFactor.pending ? "pending" : "off")),
      ("Active sessions", String(details.activeSessions.count)),
      (
        "Groups",
        details.groups.isEmpty ? "none" : details.groups.map(\.canonical).joined(separator: ", ")
      ),
    ]
    // Only an account that expires is worth the line, beside its lock.
    if let expiresAt = details.expiresAt {
      lines.insert(("Expires", Self.expiry(expiresAt)), at: 5)
    }
    // Only a hash kept from another system is worth a line: authcli's own is the rule.
    var scheme =
      details.passwordScheme?.isCurrent == true
      ? [] : [("Password hash", Self.scheme(details.passwordScheme))]
    // Worth a line only while it stands, as the lock's reason is.
    if details.passwordChangeRequired {
      scheme.insert(("New password", "required at next sign-in"), at: 0)
    }
    // Beside a kept hash, what it costs against what every check costs.
    if let work = details.signInWork, details.passwordScheme?.isCurrent != true {
      let own = details.passwordWork.map { " (this account's hash: \($0))" } ?? ""
      scheme.append(("Sign-in work", "\(work) KiB × passes" + own))
    }
    let facts = (lines + scheme).map { label, value in
      (label + ":").padded(to: 17)
        + TerminalText.visible(value)
    }.joined(separator: "\n")
    guard !details.activeSessions.isEmpty else { return facts }
    let rows = details.activeSessions.map { session in
      [
        String(session.id.rawValue), Timestamp.readable(session.createdAt),
        Timestamp.readable(session.lastUsedAt), Timestamp.readable(session.expiresAt),
      ]
    }
    return facts + "\n\n"
      + TextTable(headers: ["ID", "STARTED", "LAST USED", "EXPIRES"], rows: rows)
      .render(style: style)
  }
}

extension UserAdministrationCommand {
  static let username = Argument<String>("username", help: "The account's username.")
  static let yes = Flag(
    "yes", short: "y", help: "Confirm without a prompt (required when stdin is not a terminal).")
  static let reason = Option<String?>(
    "reason", valueName: "text",
    help: "Why, for the audit trail and 'users show' (at most 200 characters).")

  /// The verbs of `users` beside `list`.
  static let verbs: [Subcommand] = [
    Subcommand(
      "add", abstract: "Create an account without signing in (sign-up's rules).",
      options: [CredentialOptions.username, CredentialOptions.passwordStandardInput]
    ) { context in
      try await UserAdministrationCommand(context: context).add()
    },
    Subcommand(
      "show",
      abstract: "Show an account: created, updated, last sign-in, lock, failed attempts, "
        + "sessions.",
      arguments: [username]
    ) { context in
      try await UserAdministrationCommand(context: context).show(context.required(username))
    },
    Subcommand(
      "delete", abstract: "Delete an account and end its sessions.",
      discussion: """
        Asks for confirmation on a terminal and needs --yes otherwise (exit 64 without it).
        """,
      arguments: [username], options: [yes]
    ) { context in
      try await UserAdministrationCommand(context: context).delete(context.required(username))
    },
    Subcommand(
      "lock",
      abstract: "Refuse every sign-in (with the usual sign-in answer) and end the sessions.",
      arguments: [username], options: [reason]
    ) { context in
      try await UserAdministrationCommand(context: context).lock(context.required(username))
    },
    Subcommand(
      "unlock", abstract: "Lift the lock and clear the sign-in throttle.", arguments: [username]
    ) { context in
      try await UserAdministrationCommand(context: context).unlock(context.required(username))
    },
    Subcommand(
      "reset-password", abstract: "Set a new password and end every session.",
      arguments: [username], options: [CredentialOptions.passwordStandardInput]
    ) { context in
      try await UserAdministrationCommand(context: context).resetPassword(
        context.required(username))
    },
    Subcommand(
      "require-new-password",
      abstract: "Make the next sign-in choose a new password before a session starts.",
      discussion: """
        Like 'passwd -e': the right password then starts no session until a new one (sign-up's
        rules, not the old one) is chosen, on a terminal, in the shell, or on the line after
        the password with --password-stdin. 'verify' and 'verify --pam' refuse the account
        (77) until then. The account's sessions stay. Audited as password_change_required;
        'users reset-password' lifts it.
        """,
      arguments: [username]
    ) { context in
      try await UserAdministrationCommand(context: context).requireNewPassword(
        context.required(username))
    },
    Subcommand(
      "reset-2fa", abstract: "Remove an account's second factor and end its sessions.",
      discussion: """
        For an owner who lost both the authenticator app and the recovery codes. Audited as
        second_factor_reset; an account without a second factor exits 65.
        """,
      arguments: [username]
    ) { context in
      try await UserAdministrationCommand(context: context).resetSecondFactor(
        context.required(username))
    },
  ]
}
