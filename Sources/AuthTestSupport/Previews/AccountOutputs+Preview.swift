import AuthViewModels

extension AccountOutputs {
  /// The states an account view is shown in.
  public enum PreviewState: CaseIterable, Sendable {
    /// Loading the session.
    case loading
    /// The sample user's session, loaded.
    case loaded
    /// A sign-out everywhere ended three sessions.
    case signedOutEverywhere
    /// The database was busy.
    case failed
  }

  /// Outputs in a given state, from the sample session.
  public static func preview(_ state: PreviewState) -> AccountOutputs {
    let session = SampleData.authenticated
    switch state {
    case .loading:
      return AccountOutputs(isLoading: true)
    case .loaded:
      return AccountOutputs(
        username: session.user.username, signedInAt: session.session.createdAt,
        expiresAt: session.session.expiresAt)
    case .signedOutEverywhere:
      return AccountOutputs(
        username: session.user.username, signedInAt: session.session.createdAt,
        expiresAt: session.session.expiresAt, endedSessions: 3)
    case .failed:
      return AccountOutputs(failure: .busy)
    }
  }
}
