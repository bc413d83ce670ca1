import AuthViewModels
import CommandLineKit

/// `authcli signout`: the account scene's sign-out, then the token is forgotten.
@MainActor
struct SignOutCommand {
  let context: CommandContext

  func run() async throws {
    let session = try ScriptedSession.open(context)
    let viewModel = AccountViewModel(token: session.token, sessions: session.root.useCases.sessions)
    if context.values[Self.all] {
      await viewModel.inputs.signOutEverywhereTapped()
    } else {
      await viewModel.inputs.signOutTapped()
    }
    guard viewModel.outcome == .userDidSignOut else {
      throw viewModel.outputs.failure ?? CLIError.internalFailure("Sign-out did not finish")
    }
    try session.root.sessionFile?.remove()
    let ended = viewModel.outputs.endedSessions
    try context.print(SignedOut(endedSessions: ended ?? 1, everywhere: ended != nil))
  }
}

extension SignOutCommand {
  static let all = Flag("all", help: "End every session of the signed-in user, on every device.")

  static let declaration: Subcommand = Subcommand(
    "signout", abstract: "End this session, or with --all every session of the user.",
    options: [all]
  ) { context in
    try await SignOutCommand(context: context).run()
  }
}
