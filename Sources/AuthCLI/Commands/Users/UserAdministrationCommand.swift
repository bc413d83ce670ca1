import AuthCore
import CommandLineKit

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `authcli users add|show|delete|lock|unlock|reset-password`: the operator's verbs, over
/// the account administration use case. Whoever can open the database may run them.
@MainActor
struct UserAdministrationCommand {
  let context: CommandContext

  /// `users add --username NAME --password-stdin`: sign-up's rules, no session.
  func add(username: String?, passwordFromStandardInput: Bool) async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context, passwordFromStandardInput: passwordFromStandardInput)
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
      context.emit(
        json: [
          "added": true, "username": user.username,
          "created_at": Timestamp.iso8601(user.createdAt),
        ])
      context.show("Created account \(TerminalText.visible(user.username)) (not signed in).")
    case .invalid(let validation):
      throw FieldRefusals.error([
        FieldError("username", validation.username),
        FieldError(operatorsField: "password", validation.password),
      ])
    }
  }

  /// `users show NAME`: everything but the hash.
  func show(_ username: String) async throws {
    let services = try root().services
    let details = try await services.accounts.account(named: username)
    let factor = try await services.secondFactor.status(named: username)
    context.emit(json: Self.json(details).merging(["second_factor": factor.enabled]) { $1 })
    context.show(Self.text(details, secondFactor: factor, style: context.outputStyle))
  }

  /// `users reset-2fa NAME`: removes the account's second factor and ends its sessions.
  func resetSecondFactor(_ username: String) async throws {
    let change = try await root().services.secondFactor.reset(named: username)
    context.emit(
      json: [
        "username": change.user.username, "second_factor": false,
        "ended_sessions": change.endedSessions,
      ])
    context.show(
      "Removed the second factor of \(TerminalText.visible(change.user.username));"
        + " \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users delete NAME [--yes]`: asks on a terminal, needs `--yes` otherwise.
  func delete(_ username: String, confirmed: Bool) async throws {
    let root = try root()
    // Looked up first, so a typo answers "no such account" rather than a question.
    let details = try await root.services.accounts.account(named: username)
    let shown = TerminalText.visible(details.user.username)
    if !confirmed {
      try confirm(
        "Delete account \(shown) and end its \(details.activeSessions.count) session(s)? [y/N] ")
    }
    let change = try await root.services.accounts.deleteAccount(named: username)
    context.emit(
      json: [
        "deleted": true, "username": change.user.username, "ended_sessions": change.endedSessions,
      ])
    context.show(
      "Deleted account \(shown); \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users lock NAME [--reason TEXT]`.
  func lock(_ username: String, reason: String) async throws {
    let change = try await root().services.accounts.lockAccount(named: username, reason: reason)
    let shown = TerminalText.visible(change.user.username)
    context.emit(
      json: [
        "locked": true, "username": change.user.username, "was_locked": change.wasLocked,
        "lock_reason": reason, "ended_sessions": change.endedSessions,
        // Deprecated: `lock_reason`, as `users show` names it; removed in the next release.
        "reason": reason,
      ])
    context.show(
      (change.wasLocked ? "Account \(shown) was locked already; reason updated" : "Locked \(shown)")
        + "; \(Self.sessions(change.endedSessions)) ended.")
  }

  /// `users unlock NAME`.
  func unlock(_ username: String) async throws {
    let change = try await root().services.accounts.unlockAccount(named: username)
    let shown = TerminalText.visible(change.user.username)
    context.emit(
      json: ["locked": false, "username": change.user.username, "was_locked": change.wasLocked])
    context.show(
      (change.wasLocked ? "Unlocked \(shown)" : "Account \(shown) was not locked")
        + "; failed sign-ins cleared.")
  }

  /// `users reset-password NAME --password-stdin`: a new password, every session ended.
  func resetPassword(_ username: String, passwordFromStandardInput: Bool) async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, context: context)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context, passwordFromStandardInput: passwordFromStandardInput)
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
    context.emit(
      json: [
        "reset": true, "username": change.user.username, "ended_sessions": change.endedSessions,
      ])
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

  private static func sessions(_ count: Int) -> String {
    "\(count) session\(count == 1 ? "" : "s")"
  }

  private static func json(_ details: AccountDetails) -> [String: Any] {
    let sessions = details.activeSessions.map { session -> [String: Any] in
      [
        "id": session.id.rawValue,
        "created_at": Timestamp.iso8601(session.createdAt),
        "last_used_at": Timestamp.iso8601(session.lastUsedAt),
        "expires_at": Timestamp.iso8601(session.expiresAt),
      ]
    }
    return [
      "username": details.user.username,
      "created_at": Timestamp.iso8601(details.user.createdAt),
      "updated_at": Timestamp.iso8601(details.user.updatedAt),
      "last_sign_in_at": JSONText.time(details.lastSignInAt),
      "locked": details.lock != nil,
      "locked_at": JSONText.time(details.lock?.lockedAt),
      "lock_reason": details.lock.map { $0.reason as Any } ?? JSONText.null,
      "failed_attempts": details.failedAttempts,
      "throttled_until": JSONText.time(details.throttledUntil),
      "password_scheme": details.passwordScheme.map { $0.rawValue as Any } ?? JSONText.null,
      "upgraded_at_next_sign_in": details.passwordScheme.map { !$0.isCurrent } ?? false,
      // Argon2id KiB × passes: the stored hash's verify, and every check on this store.
      "password_work": details.passwordWork.map { $0 as Any } ?? JSONText.null,
      "sign_in_work": details.signInWork.map { $0 as Any } ?? JSONText.null,
      "sessions": sessions,
      // Deprecated: `active_sessions` is a count wherever else it appears (`users list`);
      // the list is `sessions`. Removed in the next release.
      "active_sessions": sessions,
    ]
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
    let lines = [
      ("Username", details.user.username),
      ("Created", Timestamp.readable(details.user.createdAt)),
      ("Updated", Timestamp.readable(details.user.updatedAt)),
      ("Last sign-in", details.lastSignInAt.map(Timestamp.readable) ?? "never"),
      ("Locked", lock),
      ("Failed sign-ins", failures),
      ("Second factor", secondFactor.enabled ? "on" : (secondFactor.pending ? "pending" : "off")),
      ("Active sessions", String(details.activeSessions.count)),
    ]
    // Only a hash kept from another system is worth a line: authcli's own is the rule.
    var scheme =
      details.passwordScheme?.isCurrent == true
      ? [] : [("Password hash", Self.scheme(details.passwordScheme))]
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
      try await UserAdministrationCommand(context: context).add(
        username: context.values[CredentialOptions.username],
        passwordFromStandardInput: context.values[CredentialOptions.passwordStandardInput])
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
      try await UserAdministrationCommand(context: context).delete(
        context.required(username), confirmed: context.values[yes])
    },
    Subcommand(
      "lock",
      abstract: "Refuse every sign-in (with the usual sign-in answer) and end the sessions.",
      arguments: [username], options: [reason]
    ) { context in
      try await UserAdministrationCommand(context: context).lock(
        context.required(username), reason: context.values[reason] ?? "")
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
        context.required(username),
        passwordFromStandardInput: context.values[CredentialOptions.passwordStandardInput])
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
