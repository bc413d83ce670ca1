import AuthViewModels
import CommandLineKit

/// `authcli whoami`: the account scene's view model, loaded, as a few lines or JSON.
@MainActor
struct WhoAmICommand {
  let context: CommandContext

  func run() async throws {
    let session = try ScriptedSession.open(context)
    let viewModel = AccountViewModel(token: session.token, sessions: session.root.useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
    let output = viewModel.outputs
    guard let username = output.username, let sessionID = output.sessionID,
      let start = output.signedInAt, let end = output.expiresAt
    else {
      throw output.failure ?? CLIError.internalFailure("The session did not load")
    }
    let shown = WhoAmIShown(
      username: username, sessionID: sessionID.rawValue, sessionCreatedAt: start,
      sessionExpiresAt: end, database: try context.databaseLocation().displayPath)
    try context.print(shown)
  }
}

extension WhoAmICommand {
  static let declaration: Subcommand = Subcommand(
    "whoami", abstract: "Show the signed-in user, when the session started and when it expires."
  ) { context in
    try await WhoAmICommand(context: context).run()
  }
}
