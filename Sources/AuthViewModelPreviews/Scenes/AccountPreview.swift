import AuthCore
import AuthViewModels

/// The home scene in named states: the real `AccountViewModel` over `SessionUseCaseStub`,
/// put into each state through its own inputs.
@MainActor
public enum AccountViewModelPreview {
  /// The states a home view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Loading the session, for good.
    case loading
    /// The sample user's session, loaded.
    case loaded
    /// Loaded; a sign-out everywhere ends three sessions.
    case signedOutEverywhere
    /// The database was busy, and stays so.
    case failed
  }

  /// The view model in `state`, over `sessions` (by default a stub with the sample session).
  public static func make(
    _ state: State, sessions: SessionUseCaseStub = SessionUseCaseStub()
  ) async -> AccountViewModel {
    let viewModel = AccountViewModel(token: SampleData.token, sessions: sessions)
    switch state {
    case .loading:
      await sessions.currentSessionCall.holdInFlight { await viewModel.viewDidAppear() }
    case .failed:
      sessions.currentSessionCall.answer(.failure(.store(.busy)))
      await viewModel.viewDidAppear()
    case .loaded, .signedOutEverywhere: await viewModel.viewDidAppear()
    }
    return viewModel
  }
}
