import AuthCore
import AuthViewModels

/// The sessions outputs at one moment.
struct SessionsSeen: Equatable {
  var sessions: [SessionSummary] = []
  var revoked: SessionID?
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some SessionsViewModelType) -> SessionsSeen {
    let output = viewModel.outputs
    return SessionsSeen(
      sessions: output.sessions, revoked: output.revokedSession, loading: output.isLoading,
      error: output.failure?.description)
  }
}
