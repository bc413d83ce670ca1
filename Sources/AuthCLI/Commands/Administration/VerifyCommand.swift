import AuthCore
import AuthViewModels
import CommandLineKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `authcli verify`: exit 0 when the password is right, 77 otherwise, with no session (like
/// `htpasswd -v`). Any refusal, including a name that breaks the username rules, is 77: a
/// caller asks one yes-or-no question.
@MainActor
struct VerifyCommand {
  let context: CommandContext
  /// The name is the first line of standard input (mod_authnz_external's pipe).
  private var usernameFromStandardInput: Bool {
    context.values[CredentialOptions.usernameStandardInput]
  }

  func run() async throws {
    if usernameFromStandardInput {
      // Apache's mod_authnz_external runs this for each request, and under the event MPM it
      // sends SIGTERM to the authenticators of other requests than the one that ends (18
      // of 20 parallel checks were killed so, each a refused page): the check finishes
      // instead, in the fraction of a second it takes; SIGKILL still ends it, uncounted.
      signal(SIGTERM, SIG_IGN)
    }
    let (location, name, password) = try CredentialReader.existingAccountCredentials(
      context: context, usernameFromStandardInput: usernameFromStandardInput)
    let root = try CompositionRoot.forOperator(
      location: location, environment: context.process.environment)
    let result = try await root.services.signIn.beginVerify(
      request: SignInRequest(username: name, password: password),
      memberOfAny: context.values[Self.group])
    let user: User
    switch result {
    case .invalid(let message, let reason):
      if reason == .passwordChangeRequired { throw Self.passwordChangeRequired }
      throw CLIError.signInRefused(message)
    case .valid(.verified(let verified)): user = verified
    case .valid(.secondFactorRequired(let challenge)):
      let code = try CredentialReader(context: context).secondFactorCode()
      switch try await root.services.signIn.completeVerify(challenge, code: code) {
      case .accepted(let verified): user = verified
      case .refused(let refusal): throw SecondFactorFailure(refusal)
      case .newPasswordRequired: throw Self.passwordChangeRequired
      }
    }
    try context.print(PasswordVerified(username: user.username))
  }
}

extension VerifyCommand {
  /// A right password for an account that must choose a new one: refused, as `passwd -e`
  /// makes PAM refuse, until its owner signs in and chooses it.
  static let passwordChangeRequired = ErrorReport(
    kind: .passwordChangeRequired, message: AuthMessages.passwordChangeRequired + ".",
    hint: "The account's owner signs in with 'authcli signin' and chooses a new password.")

  static let declaration: Subcommand = Subcommand(
    "verify", abstract: "Check a password without starting a session (exit 0 or 77).",
    discussion: """
      Exits 0 when the password is right and 77 otherwise (unknown user, wrong password,
      locked), like 'htpasswd -v'. Starts no session; throttled, audited and timed exactly
      like 'authcli signin'. With --password-stdin, reads one line, and for an account with
      a second factor the code from the next; with --username-stdin as well, the username
      comes first (Apache's mod_authnz_external pipe method). With --pam, serves as the
      program of pam_exec.so expose_authtok (see docs/cli.md). With --group, the right
      password of an account in none of the groups named is refused as well (77), after the
      same work, and audited with that reason.
      """,
    options: [
      CredentialOptions.username, CredentialOptions.usernameStandardInput,
      CredentialOptions.passwordStandardInput, PAMVerification.flag, group,
    ]
  ) { context in
    if context.values[PAMVerification.flag] {
      return try await PAMVerification(context: context).run()
    }
    try await VerifyCommand(context: context).run()
  }
}

extension VerifyCommand {
  /// `--group`: the groups whose members are admitted, any one of them.
  static let group = Option<[GroupName]>(
    repeating: "group", valueName: "group",
    help: "Admit only an account in this group; repeat for several (a member of any)."
  ) { text throws(InvalidValue) in
    let checked = GroupName.validate(text)
    guard let name = checked.asValidated else {
      throw InvalidValue(checked.errorMessage ?? "not a group name")
    }
    return name
  }
}

/// `verify`: whose password was right.
struct PasswordVerified: JSONOutput, CommandOutput {
  let verified = true
  let username: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case username, verified
  }

  func text(style: Style) -> String {
    "Password for \(TerminalText.visible(username)) is correct."
  }
}
