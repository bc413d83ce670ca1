import AuthCore

/// Gathers a scripted command's username and passwords: from flags, from standard input
/// with `--password-stdin`, or from prompts (echo off for passwords) on a terminal.
///
/// Standard input carries one line per secret the user knows (a script has nothing to
/// confirm); only an interactive prompt asks for a new password twice. Lines after the
/// expected ones are never read.
///
/// Everything is read before anything is written, so running out of input (exit 66) or
/// Ctrl-C (exit 130) leaves the database and the session file as they were.
@MainActor
struct CredentialReader {
  let context: CommandContext
  let passwordFromStandardInput: Bool

  /// What `signin` and `verify` both need before any work: a database that already exists
  /// (never `:memory:`, never created), then the username and the one password.
  /// With `usernameFromStandardInput` the name is the first line of standard input and
  /// the password the next.
  static func existingAccountCredentials(
    context: CommandContext, usernameFromStandardInput: Bool = false
  ) throws -> (location: DatabaseLocation, username: String, password: String) {
    let location = try context.existingDatabaseLocation()
    let reader = CredentialReader(context: context)
    let username = context.typedUsername
    let name =
      usernameFromStandardInput
      ? try reader.usernameLine(given: username) : try reader.username(given: username)
    return (location, name, try reader.password(prompt: "Password: "))
  }

  /// The username from `--username`, else prompted for on a terminal.
  func username(given: String?) throws -> String {
    if let given { return given }
    if passwordFromStandardInput {
      throw usage("Pass --username <name>: standard input carries the password")
    }
    try requirePrompting(flag: "--username <name>")
    return try prompt("Username: ", secret: false)
  }

  /// The username as the first line of standard input (`--username-stdin`), which needs
  /// the password on the next (`--password-stdin`) and no `--username`.
  func usernameLine(given: String?) throws -> String {
    guard given == nil else { throw usage("Pass either --username or --username-stdin, not both") }
    guard passwordFromStandardInput else {
      throw usage("--username-stdin needs --password-stdin: the password is the next line")
    }
    // Read as a secret line: a caller may have sent a password where the name belongs.
    return try Self.secretLine(from: context)
  }

  /// One password: the next line of standard input with `--password-stdin`, else a prompt
  /// with echo off on a terminal.
  func password(prompt label: String, flag: String = "--password-stdin") throws -> String {
    if passwordFromStandardInput {
      return try Self.secretLine(from: context)
    }
    try requirePrompting(flag: flag)
    return try prompt(label, secret: true)
  }

  /// The second factor's code, after the password: the next line of standard input with
  /// `--password-stdin`, else a hidden prompt. A missing line is `second_factor_required`.
  func secondFactorCode() throws -> String {
    do {
      if passwordFromStandardInput { return try Self.secretLine(from: context) }
      try requirePrompting(flag: "--password-stdin (the code on the line after the password)")
      return try prompt("Code from your authenticator app (or a recovery code): ", secret: true)
    } catch CLIError.endOfInput {
      throw ErrorReport(
        kind: .secondFactorRequired, message: AuthMessages.secondFactorRequired + ".",
        hint: "Give the code on the line after the password.")
    }
  }

  /// The new password a sign-in asks for, after the password (and the code): the next line
  /// of standard input with `--password-stdin`. A missing line is `password_change_required`.
  func newPasswordAtSignIn() throws -> String {
    do {
      return try password(
        prompt: "New password: ", flag: "--password-stdin (the new password on the next line)")
    } catch CLIError.endOfInput {
      throw ErrorReport(
        kind: .passwordChangeRequired, message: AuthMessages.passwordChangeRequired + ".",
        hint: "Give the new password on the line after the password (after the code when a "
          + "second factor is on).")
    }
  }

  /// A new password and its confirmation: the same line with `--password-stdin`, two
  /// prompts with echo off on a terminal.
  func newPassword(
    prompt label: String, confirmation confirmationLabel: String
  ) throws -> (password: String, confirmation: String) {
    let password = try self.password(prompt: label)
    if passwordFromStandardInput { return (password, password) }
    return (password, try self.password(prompt: confirmationLabel))
  }

  /// Whether a refused answer is asked again: only when the answers are typed at prompts,
  /// never from standard input, where a script's line is final.
  var asksAgain: Bool { !passwordFromStandardInput }

  /// A refused field's message, under its prompt, as the shell's forms show it.
  func sayRefused(_ refusal: FieldError) {
    context.console.errors.write(LineTerminal.refusal(refusal.message) + "\n")
  }

  /// A new password and its confirmation that match: the same line with
  /// `--password-stdin`; at prompts, both are asked again until the confirmation matches.
  /// A mismatch from standard input cannot happen; the check stays for the typed case.
  func confirmedNewPassword(
    prompt label: String, confirmation confirmationLabel: String
  ) throws
    -> String
  {
    while true {
      let (password, confirmation) = try newPassword(
        prompt: label, confirmation: confirmationLabel)
      guard
        let mismatch = FieldError(
          "confirmation", Password.validateConfirmation(confirmation, of: password))
      else { return password }
      guard asksAgain else { throw CLIError.validationFailed([mismatch]) }
      sayRefused(mismatch)
    }
  }

  /// Prompts only on a terminal and without `--no-input`; otherwise names the flag to pass.
  private func requirePrompting(flag: String) throws {
    if context.options.noInput {
      throw usage("Input is needed but --no-input was given; pass \(flag)")
    }
    if !context.console.inputIsTerminal {
      throw usage("Standard input is not a terminal; pass \(flag)")
    }
  }

  private func prompt(_ label: String, secret: Bool) throws -> String {
    InterruptTrap.install()
    defer { InterruptTrap.uninstall() }
    let errors = context.console.errors
    switch context.console.input.readLine(secret: secret, prompt: { errors.write(label) }) {
    case .line(let text): return text
    case .endOfInput:
      context.console.errors.write("\n")
      throw CLIError.endOfInput
    case .interrupted:
      context.console.errors.write("\n")
      throw CLIError.interrupted
    case .notText: throw CLIError.notText
    case .tooLong: throw CLIError.lineTooLong
    }
  }

  private func usage(_ message: String) -> CLIError {
    context.usageError(message)
  }

  /// The next line of standard input, read as a secret (echo off when it is a terminal).
  static func secretLine(from context: CommandContext) throws -> String {
    // Standard input may be a terminal, and then echo is off while the line is read:
    // Ctrl-C must end the read and restore echo, not kill the process with echo off.
    InterruptTrap.install()
    defer { InterruptTrap.uninstall() }
    switch context.console.input.readLine(secret: true) {
    case .line(let text): return text
    case .endOfInput: throw CLIError.endOfInput
    case .interrupted: throw CLIError.interrupted
    case .notText: throw CLIError.notText
    case .tooLong: throw CLIError.lineTooLong
    }
  }
}

extension CredentialReader {
  /// The reader of a command whose secrets come from standard input with `--password-stdin`.
  init(context: CommandContext) {
    self.init(context: context, passwordFromStandardInput: context.passwordFromStandardInput)
  }
}
