import AuthCore
import AuthViewModels

/// The sessions outputs at one moment.
struct SessionsSeen: Equatable {
  var sessions: [SessionSummary] = []
  var revoked: SessionID?
  var loading = false
  var error: String?

  @MainActor
  static func of(_ output: SessionsOutputs) -> SessionsSeen {
    SessionsSeen(
      sessions: output.sessions, revoked: output.revokedSession, loading: output.isLoading,
      error: output.errorMessage)
  }
}
