import AuthCore
import AuthViewModels

/// The sessions scene in named states: the real `SessionsViewModel` over
/// `SessionUseCaseStub`, put into each state through its own inputs.
@MainActor
public enum SessionsViewModelPreview {
  /// The states a sessions view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Loading the list, for good.
    case loading
    /// Three sessions, the first current.
    case loaded
    /// Session 7 was just revoked.
    case revoked
    /// The revoked id was not one of the user's, and no revoke succeeds.
    case failed
  }

  /// The view model in `state`, with the use case stub it runs over.
  public static func make(_ state: State) async -> SessionsViewModel {
    let sessions = SessionUseCaseStub()
    let viewModel = SessionsViewModel(token: SampleData.token, sessions: sessions)
    let seven = SessionID(rawValue: 7)
    switch state {
    case .loading: await sessions.listSessionsCall.holdInFlight { await viewModel.viewDidAppear() }
    case .loaded: await viewModel.viewDidAppear()
    case .revoked:
      sessions.listSessionsCall.answers = [
        .success(SampleData.summaries),
        .success(SampleData.summaries.filter { $0.session.id != seven }),
      ]
      await viewModel.viewDidAppear()
      await viewModel.revokeTapped(seven)
    case .failed:
      sessions.revokeSessionCall.answer(.failure(AuthError.sessionNotFound))
      await viewModel.viewDidAppear()
      await viewModel.revokeTapped(seven)
    }
    return viewModel
  }
}
