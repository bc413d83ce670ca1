import AuthViewModels

/// `authcli signin`: drives the sign-in view model and keeps the new session's token,
/// replacing any previous one for this database.
@MainActor
struct SignInCommand {
  let context: CommandContext
  let username: String?
  let passwordFromStandardInput: Bool

  func run() async throws {
    let location = try context.databaseLocation()
    try ScriptedSession.refuseMemory(location, subcommand: .signin)
    _ = try DatabaseOpener.existingPath(location)
    let reader = CredentialReader(
      context: context, subcommand: .signin,
      passwordFromStandardInput: passwordFromStandardInput)
    let name = try reader.username(given: username)
    let password = try reader.password(prompt: "Password: ")
    let root = try CompositionRoot(
      location: location, access: .existingOnly, environment: context.process.environment)
    try root.sessionFile?.prepareFolder()
    let viewModel = SignInViewModel(authentication: root.useCases.authentication)
    viewModel.inputs.username = name
    viewModel.inputs.password = password
    await viewModel.inputs.signInTapped()
    guard case .userDidSignIn(let session) = viewModel.navigator.pendingStep else {
      let output = viewModel.outputs
      if let failure = output.failure { throw failure }
      throw FieldRefusals.error([
        ("username", output.usernameValidation?.errorMessage),
        ("password", output.passwordValidation?.errorMessage),
      ])
    }
    let shown = TerminalText.visible(session.authenticated.user.username)
    try await StartedSession.keep(
      session, in: root, context: context, headline: "Signed in as \(shown).")
  }
}
