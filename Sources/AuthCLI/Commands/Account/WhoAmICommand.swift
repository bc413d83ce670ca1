import AuthViewModels

/// `authcli whoami`: the account scene's view model, loaded, as a few lines or JSON.
@MainActor
struct WhoAmICommand {
  let context: CommandContext

  func run() async throws {
    let session = try ScriptedSession.open(context, subcommand: .whoami)
    let viewModel = session.root.factory.makeAccount(token: session.token)
    await viewModel.send(lifecycle: .appeared)
    try session.checkStillSignedIn(viewModel.navigator)
    let output = viewModel.output
    guard let username = output.username, let start = output.signedInAt,
      let end = output.expiresAt
    else {
      throw output.failure ?? CLIError.internalFailure("The session did not load")
    }
    try context.emit(
      json: [
        "username": username,
        "session_created_at": Timestamp.iso8601(start),
        "session_expires_at": Timestamp.iso8601(end),
        "database": context.databaseLocation().displayPath,
      ])
    context.show(
      """
      Username:   \(TerminalText.visible(username))
      Signed in:  \(Timestamp.readable(start))
      Expires:    \(Timestamp.readable(end))
      """)
  }
}
