import AuthCore
import AuthViewModels

/// The sign-up scene in named states: the real `SignUpViewModel` over `SignUpUseCaseStub`,
/// put into each state through its own inputs.
@MainActor
public enum SignUpViewModelPreview {
  /// The states a sign-up view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet; a submit creates the sample user's account.
    case empty
    /// Every field typed and refused.
    case invalidFields
    /// The username was taken at submit, and is at every further one.
    case usernameTaken
    /// Every field valid; a submit creates the account.
    case ready
    /// Creating the account, for good.
    case loading
    /// The database was busy, and stays so.
    case failed
  }

  /// The view model in `state`, with the use case stub it runs over.
  public static func make(_ state: State) async -> SignUpViewModel {
    let stub = SignUpUseCaseStub()
    let viewModel = SignUpViewModel(signUp: stub)
    switch state {
    case .empty: break
    case .invalidFields:
      viewModel.username = "al"
      viewModel.password = "passwordpassword"
      viewModel.confirmation = "password"
    case .usernameTaken, .ready, .loading, .failed:
      viewModel.username = SampleData.user.username
      viewModel.password = SampleData.password
      viewModel.confirmation = SampleData.password
    }
    switch state {
    case .usernameTaken:
      let password = Validation<Password>.valid(Password(SampleData.password))
      let taken = SignUpValidation(
        username: .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken),
        password: password, confirmation: password)
      stub.signUpCall.answer(.success(.invalid(taken)))
      await viewModel.signUpTapped()
    case .loading: await stub.signUpCall.holdInFlight { await viewModel.signUpTapped() }
    case .failed:
      stub.signUpCall.answer(.failure(.store(.busy)))
      await viewModel.signUpTapped()
    default: break
    }
    return viewModel
  }
}
