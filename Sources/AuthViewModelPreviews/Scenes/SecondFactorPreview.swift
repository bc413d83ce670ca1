import AuthCore
import AuthViewModels

/// The second-factor step in named states: the real `SecondFactorViewModel` over
/// `AuthenticationUseCaseStub`, put into each state through its own inputs.
@MainActor
public enum SecondFactorViewModelPreview {
  /// The states a second-factor view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// A code typed; a submit signs in.
    case ready
    /// Checking the code, for good.
    case loading
    /// The code was refused.
    case failed
  }

  /// The view model in `state`, with the use case stub it runs over.
  public static func make(_ state: State) async -> SecondFactorViewModel {
    let stub = AuthenticationUseCaseStub()
    let viewModel = SecondFactorViewModel(
      challenge: .sample(username: SampleData.user.username), authentication: stub)
    switch state {
    case .empty: break
    case .ready: viewModel.code = SampleData.code
    case .loading:
      viewModel.code = SampleData.code
      await stub.completeCall.holdInFlight { await viewModel.verifyTapped() }
    case .failed:
      viewModel.code = SampleData.code
      stub.completeCall.answer(.success(.refused(.incorrectCode)))
      await viewModel.verifyTapped()
    }
    return viewModel
  }
}
