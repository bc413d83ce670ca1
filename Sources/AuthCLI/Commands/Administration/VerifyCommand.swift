import AuthCore

/// `authcli verify --username NAME --password-stdin`: exit 0 when the password is right,
/// 77 otherwise, with no session (like `htpasswd -v`). Any refusal, including a name that
/// breaks the username rules, is 77: a caller asks one yes-or-no question.
@MainActor
struct VerifyCommand {
  let context: CommandContext
  let username: String?
  let passwordFromStandardInput: Bool

  func run() async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, subcommand: .verify)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context, subcommand: .verify, passwordFromStandardInput: passwordFromStandardInput)
    let name = try reader.username(given: username)
    let password = try reader.password(prompt: "Password: ")
    let root = try AdministrationRoot(location: location, environment: context.process.environment)
    let result = try await root.passwordCheck.verify(
      request: SignInRequest(username: name, password: password))
    guard case .valid(let user) = result else {
      throw CLIError.signInRefused(result.errorMessage ?? AuthMessages.signInFailed)
    }
    context.emit(json: ["verified": true, "username": user.username])
    context.show("Password for \(TerminalText.visible(user.username)) is correct.")
  }
}
