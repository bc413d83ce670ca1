import AuthCore
import AuthViewModels
import CommandLineKit

/// `authcli sessions list`, `revoke` and `token`, over the sessions view model.
@MainActor
struct SessionsCommand {
  let context: CommandContext

  func list() async throws {
    let session = try ScriptedSession.open(context)
    let viewModel = SessionsViewModel(
      token: session.token, sessions: session.root.useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
    if let failure = viewModel.outputs.failure { throw failure }
    let summaries = viewModel.outputs.sessions
    try context.print(summaries.map(SessionListEntry.init))
  }

  func revoke(_ id: SessionID) async throws {
    let session = try ScriptedSession.open(context)
    let viewModel = SessionsViewModel(
      token: session.token, sessions: session.root.useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
    let current = viewModel.outputs.sessions.first(where: \.isCurrent)?.session.id
    await viewModel.inputs.revokeTapped(id)
    guard viewModel.outputs.revokedSession == id else {
      try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
      throw viewModel.outputs.failure
        ?? CLIError.internalFailure("The revoke did not finish")
    }
    let wasCurrent = id == current
    if wasCurrent { try session.root.sessionFile?.remove() }
    try context.print(SessionRevoked(sessionID: id.rawValue, wasCurrent: wasCurrent))
  }

  /// Prints the stored token of a live session and nothing else, so that another program
  /// can take it on standard input (`sessions token | other --token-stdin`) rather than
  /// from an argument or a variable that a process list or the shell's history would show.
  func token() async throws {
    let session = try ScriptedSession.open(context)
    let found: AuthenticatedSession
    do throws(AuthError) {
      found = try await session.root.services.sessions.currentSession(token: session.token)
    } catch {
      // A token whose session is over would only be refused by the program it is handed to.
      guard error == .notSignedIn else { throw error }
      try session.endedSession()
    }
    try context.print(
      SessionTokenShown(token: session.token.rawValue, sessionID: found.session.id.rawValue))
  }
}

extension SessionsCommand {
  static let id = Argument<SessionID>(
    "id", help: "The session to end, as shown by 'authcli sessions list'."
  ) { text throws(InvalidValue) in
    guard let number = Int64(text), number > 0 else {
      throw InvalidValue("use a number from 'authcli sessions list'")
    }
    return SessionID(rawValue: number)
  }

  static let declaration: Subcommand = Subcommand(
    "sessions", abstract: "List, end or check sessions; prune expired ones.",
    discussion: """
      'list', 'revoke' and 'token' act on the signed-in user's sessions. 'check' serves
      other programs: it reads a token from standard input, not the state file.
      """,
    subcommands: [
      Subcommand(
        "list", abstract: "List the sessions, newest first; the current one is marked."
      ) { context in
        try await SessionsCommand(context: context).list()
      },
      Subcommand("revoke", abstract: "End one of the sessions by its id.", arguments: [id]) {
        context in
        try await SessionsCommand(context: context).revoke(context.required(id))
      },
      Subcommand(
        "token",
        abstract: "Print the current session's token and nothing else, for another program "
          + "to read on standard input."
      ) { context in
        try await SessionsCommand(context: context).token()
      },
      SessionMaintenanceCommand.check,
      SessionMaintenanceCommand.prune,
    ])
}
