import AuthViewModels

/// `authcli signup`: drives the sign-up view model with the typed fields, keeps the new
/// session's token, and reports the account.
@MainActor
struct SignUpCommand {
  let context: CommandContext
  let username: String?
  let passwordFromStandardInput: Bool

  func run() async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, subcommand: .signup)
    let reader = CredentialReader(
      context: context, subcommand: .signup,
      passwordFromStandardInput: passwordFromStandardInput)
    let name = try reader.username(given: username)
    let password = try reader.password(prompt: "Password: ")
    let confirmation = try reader.password(prompt: "Repeat password: ")
    let root = try CompositionRoot(
      location: location, access: .createIfMissing, environment: context.process.environment)
    try root.sessionFile?.prepareFolder()
    let viewModel = root.factory.makeSignUp()
    await viewModel.send(.usernameChanged(name))
    await viewModel.send(.passwordChanged(password))
    await viewModel.send(.confirmationChanged(confirmation))
    await viewModel.send(.signUpRequested)
    guard case .userDidSignUp(let session) = viewModel.navigator.pendingStep else {
      let output = viewModel.output
      if let failure = output.failure { throw failure }
      throw FieldRefusals.error([
        ("username", output.usernameValidation?.errorMessage),
        ("password", output.passwordValidation?.errorMessage),
        ("confirmation", output.confirmationValidation?.errorMessage),
      ])
    }
    let shown = TerminalText.visible(session.authenticated.user.username)
    try await StartedSession.keep(
      session, in: root, context: context, headline: "Created account \(shown) and signed in.")
  }
}
