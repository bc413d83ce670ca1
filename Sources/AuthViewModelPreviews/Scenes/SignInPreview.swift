import AuthCore
import AuthViewModels

/// The sign-in scene in named states: the real `SignInViewModel` over
/// `AuthenticationUseCaseStub`, put into each state through its own inputs.
@MainActor
public enum SignInViewModelPreview {
  /// The states a sign-in view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet; a submit signs in as the sample user.
    case empty
    /// Both fields refused: a name too short, and a submit without a password.
    case invalidFields
    /// The sample user's name and password typed; a submit signs in.
    case ready
    /// Signing in, for good.
    case loading
    /// The sign-in was refused, and every further one is.
    case failed
  }

  /// The view model in `state`, with the use case stub it runs over.
  public static func make(_ state: State) async -> SignInViewModel {
    let stub = AuthenticationUseCaseStub()
    let viewModel = SignInViewModel(authentication: stub)
    switch state {
    case .empty: break
    case .invalidFields:
      viewModel.username = "al"
      await viewModel.signInTapped()
    case .ready, .loading, .failed:
      viewModel.username = SampleData.user.username
      viewModel.password = SampleData.password
    }
    switch state {
    case .loading: await stub.signInCall.holdInFlight { await viewModel.signInTapped() }
    case .failed:
      stub.signInCall.answer(.success(.invalid(errorMessage: AuthMessages.signInFailed)))
      await viewModel.signInTapped()
    default: break
    }
    return viewModel
  }
}
