import AuthCore
import AuthViewModels

extension SessionsOutputs {
  /// The states a sessions view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// Loading the list.
    case loading
    /// Three sessions, the first current.
    case loaded
    /// Session 7 was just revoked.
    case revoked
    /// The revoked id was not one of the user's.
    case failed
  }

  /// Outputs in a given state, from the sample sessions.
  public static func preview(_ state: PreviewState) -> SessionsOutputs {
    switch state {
    case .loading:
      return SessionsOutputs(isLoading: true)
    case .loaded:
      return SessionsOutputs(sessions: SampleData.summaries)
    case .revoked:
      return SessionsOutputs(
        sessions: SampleData.summaries.filter { $0.session.id.rawValue != 7 },
        revokedSession: SessionID(rawValue: 7))
    case .failed:
      return SessionsOutputs(
        sessions: SampleData.summaries,
        failure: .sessionNotFound)
    }
  }
}
