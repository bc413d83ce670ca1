import AuthCore
import CommandLineKit

/// `authcli 2fa`: the signed-in user's second factor. These verbs have no scene of their
/// own (the shell offers sign-in's second step, not enrolment), so they call the use cases
/// directly, as the operators' commands do.
@MainActor
struct SecondFactorCommand {
  let context: CommandContext

  /// `2fa enable`: a new pending factor; prints the secret, the URI and, on a terminal or
  /// with `--qr`, its QR code. On a terminal without `--json`, asks for the first code at
  /// once and confirms.
  func enable() async throws {
    let qr = context.values[Self.qr]
    let session = try ScriptedSession.open(context)
    let enrolment = try await session.root.services.secondFactor.enrol(token: session.token)
    try context.print(
      SecondFactorEnrolled(
        secret: enrolment.base32Secret, otpauthURI: enrolment.uri.text,
        drawsQRCode: qr || context.console.outputIsTerminal))
    guard !context.options.json else { return }
    if context.console.inputIsTerminal, !context.options.noInput {
      try await confirm(codeFromStandardInput: false, session: session)
    }
  }

  /// `2fa confirm`: one correct code turns the pending factor on; prints the recovery codes
  /// once.
  func confirm(codeFromStandardInput: Bool, session given: ScriptedSession? = nil) async throws {
    let session = try given ?? ScriptedSession.open(context)
    let code = try CredentialReader(
      context: context, passwordFromStandardInput: codeFromStandardInput
    ).password(prompt: "Code from your app: ", flag: "--code-stdin")
    let answer = try await session.root.services.secondFactor.confirm(
      token: session.token, code: code)
    guard case .accepted(let codes) = answer else {
      throw ErrorReport(
        kind: .incorrectCode, message: AuthMessages.incorrectCode + ".",
        hint: "Nothing changed; try 'authcli 2fa confirm' again with the current code.")
    }
    try context.print(SecondFactorConfirmed(recoveryCodes: codes.map(\.displayed)))
  }

  /// `2fa status`.
  func status() async throws {
    let session = try ScriptedSession.open(context)
    let status = try await session.root.services.secondFactor.status(token: session.token)
    let shown = SecondFactorStatusShown(
      secondFactor: status.enabled, enabled: status.enabled, pending: status.pending,
      recoveryCodesLeft: status.recoveryCodesLeft)
    try context.print(shown)
  }

  /// `2fa disable`: after the current password.
  func disable() async throws {
    let session = try ScriptedSession.open(context)
    let password = try currentPassword()
    let answer = try await session.root.services.secondFactor.disable(
      token: session.token, password: password)
    guard case .done = answer else { throw Self.refused(answer) }
    try context.print(SecondFactorDisabled())
  }

  /// `2fa recovery-codes`: a new set after the current password.
  func recoveryCodes() async throws {
    let session = try ScriptedSession.open(context)
    let password = try currentPassword()
    let answer = try await session.root.services.secondFactor.newRecoveryCodes(
      token: session.token, password: password)
    guard case .done(let codes) = answer else { throw Self.refused(answer) }
    try context.print(RecoveryCodesMade(recoveryCodes: codes.map(\.displayed)))
  }

  /// The current password, which turning the factor off and new recovery codes ask for.
  private func currentPassword() throws -> String {
    try CredentialReader(context: context).password(prompt: "Current password: ")
  }

  private static func refused<Value>(_ answer: SecondFactorPasswordAnswer<Value>) -> any Error {
    guard case .refused(let refusal) = answer else {
      return CLIError.internalFailure("no refusal")
    }
    return CLIError.signInRefused(refusal.description)
  }
}

extension SecondFactorCommand {
  static let qr = Flag("qr", help: "Draw the QR code even when standard output is not a terminal.")
  static let codeStandardInput = Flag(
    "code-stdin", help: "Read the code from standard input (one line) instead of prompting.")

  static let declaration: Subcommand = Subcommand(
    "2fa", abstract: "Set up, check or turn off a second factor (authenticator app codes).",
    discussion: """
      A second factor asks for a code from an authenticator app (TOTP, RFC 6238) after the
      password at every sign-in. Its secret is sealed under a key file outside the database
      ($XDG_STATE_HOME/authcli.key, or AUTHCLI_SECRET_KEY_FILE), made on first use.
      """,
    subcommands: [
      Subcommand(
        "enable", abstract: "Start setting up: print the secret, its URI and a QR code.",
        discussion: """
          The factor stays pending until 'authcli 2fa confirm' (asked at once on a terminal).
          --json prints secret and otpauth_uri.
          """,
        options: [qr]
      ) { context in
        try await SecondFactorCommand(context: context).enable()
      },
      Subcommand(
        "confirm", abstract: "Turn the pending factor on with one code; print recovery codes.",
        options: [codeStandardInput]
      ) { context in
        try await SecondFactorCommand(context: context).confirm(
          codeFromStandardInput: context.values[codeStandardInput])
      },
      Subcommand("status", abstract: "Show whether the factor is on, and recovery codes left.") {
        context in
        try await SecondFactorCommand(context: context).status()
      },
      Subcommand(
        "disable", abstract: "Turn the factor off (asks for the current password).",
        options: [CredentialOptions.passwordStandardInput]
      ) { context in
        try await SecondFactorCommand(context: context).disable()
      },
      Subcommand(
        "recovery-codes",
        abstract: "Make a new set of recovery codes (asks for the current password).",
        options: [CredentialOptions.passwordStandardInput]
      ) { context in
        try await SecondFactorCommand(context: context).recoveryCodes()
      },
    ])
}
