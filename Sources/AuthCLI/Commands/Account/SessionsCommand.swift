import AuthCore
import AuthViewModels

/// `authcli sessions list` and `authcli sessions revoke ID`, over the sessions view model.
@MainActor
struct SessionsCommand {
  let context: CommandContext

  func list() async throws {
    let session = try ScriptedSession.open(context, subcommand: .sessions)
    let viewModel = SessionsViewModel(
      token: session.token, sessions: session.root.useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.navigator.pendingStep == .userIsNotSignedIn)
    if let failure = viewModel.outputs.failure { throw failure }
    let summaries = viewModel.outputs.sessions
    context.emit(json: summaries.map(Self.json))
    context.show(SessionTable.render(summaries, style: context.outputStyle))
  }

  func revoke(_ id: SessionID) async throws {
    let session = try ScriptedSession.open(context, subcommand: .sessions)
    let viewModel = SessionsViewModel(
      token: session.token, sessions: session.root.useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.navigator.pendingStep == .userIsNotSignedIn)
    let current = viewModel.outputs.sessions.first(where: \.isCurrent)?.session.id
    await viewModel.inputs.revokeTapped(id)
    guard viewModel.outputs.revokedSession == id else {
      try session.checkStillSignedIn(viewModel.navigator.pendingStep == .userIsNotSignedIn)
      throw viewModel.outputs.failure
        ?? CLIError.internalFailure("The revoke did not finish")
    }
    let wasCurrent = id == current
    if wasCurrent { try session.root.sessionFile?.remove() }
    context.emit(json: ["revoked": id.rawValue, "was_current": wasCurrent])
    context.show(
      wasCurrent ? "Revoked session \(id), this one: signed out." : "Revoked session \(id).")
  }

  private static func json(_ summary: SessionSummary) -> [String: Any] {
    [
      "id": summary.session.id.rawValue,
      "created_at": Timestamp.iso8601(summary.session.createdAt),
      "last_used_at": Timestamp.iso8601(summary.session.lastUsedAt),
      "expires_at": Timestamp.iso8601(summary.session.expiresAt),
      "current": summary.isCurrent,
    ]
  }
}
