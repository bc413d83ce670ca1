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
    let username = context.typedUsername
    let location = try context.existingDatabaseLocation()
    let reader = CredentialReader(context: context)
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
      try context.print(AccountAdded(username: user.username, createdAt: user.createdAt))
    case .invalid(let validation):
      throw FieldRefusals.error([
        FieldError("username", validation.username),
        FieldError(operatorsField: "password", validation.password),
      ])
    }
  }

  /// `users show`: everything but the hash.
  func show(_ username: String) async throws {
    let services = try context.operatorRoot().services
    let details = try await services.accounts.account(named: username)
    let factor = try await services.secondFactor.status(named: username)
    try context.print(AccountShown(details, secondFactor: factor))
  }

  /// `users reset-2fa`: removes the account's second factor and ends its sessions.
  func resetSecondFactor(_ username: String) async throws {
    let change = try await context.operatorRoot().services.secondFactor.reset(named: username)
    try context.print(
      SecondFactorReset(username: change.user.username, endedSessions: change.endedSessions))
  }

  /// `users delete`: asks on a terminal, needs `--yes` otherwise.
  func delete(_ username: String) async throws {
    let root = try context.operatorRoot()
    // Looked up first, so a typo answers "no such account" rather than a question.
    let details = try await root.services.accounts.account(named: username)
    let shown = TerminalText.visible(details.user.username)
    if !context.values[Self.yes] {
      try confirm(
        "Delete account \(shown) and end its \(details.activeSessions.count) session(s)? [y/N] ")
    }
    let change = try await root.services.accounts.deleteAccount(named: username)
    try context.print(
      AccountDeleted(username: change.user.username, endedSessions: change.endedSessions))
  }

  /// `users lock`: the lock, with the reason given.
  func lock(_ username: String) async throws {
    let reason = context.values[Self.reason] ?? ""
    let change = try await context.operatorRoot().services.accounts.lockAccount(
      named: username, reason: reason)
    try context.print(
      AccountLocked(
        username: change.user.username, wasLocked: change.wasLocked, lockReason: reason,
        endedSessions: change.endedSessions, reason: reason))
  }

  /// `users unlock`: the lock lifted and the throttle cleared.
  func unlock(_ username: String) async throws {
    let change = try await context.operatorRoot().services.accounts.unlockAccount(named: username)
    try context.print(AccountUnlocked(username: change.user.username, wasLocked: change.wasLocked))
  }

  /// `users require-new-password`: the next sign-in chooses a new password first.
  func requireNewPassword(_ username: String) async throws {
    let demand = try await context.operatorRoot().services.accounts.requireNewPassword(
      named: username)
    try context.print(
      NewPasswordRequired(username: demand.user.username, wasRequired: demand.wasRequired))
  }

  /// `users reset-password`: a new password, every session ended.
  func resetPassword(_ username: String) async throws {
    let location = try context.existingDatabaseLocation()
    let reader = CredentialReader(context: context)
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
    try context.print(
      PasswordReset(username: change.user.username, endedSessions: change.endedSessions))
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
