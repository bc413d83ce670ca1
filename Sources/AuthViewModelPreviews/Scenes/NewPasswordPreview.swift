import AuthCore
import AuthViewModels

/// The new-password step of a sign-in in named states: the real `NewPasswordViewModel` over
/// `AuthenticationUseCaseStub`, put into each state through its own inputs.
@MainActor
public enum NewPasswordViewModelPreview {
  /// The states a new-password view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet.
    case empty
    /// Both fields refused: the name in the new password, and no match.
    case invalidFields
    /// Both fields valid; a submit stores the new password and signs in.
    case ready
    /// Storing the new password, for good.
    case loading
    /// Both fields valid, but the challenge expired (the password changed meanwhile).
    case expired
  }

  /// The view model in `state`, with the use case stub it runs over.
  public static func make(_ state: State) async -> NewPasswordViewModel {
    let stub = AuthenticationUseCaseStub()
    let viewModel = NewPasswordViewModel(
      challenge: .sample(username: SampleData.user.username), authentication: stub)
    switch state {
    case .empty: break
    case .invalidFields:
      viewModel.newPassword = SampleData.user.username + " " + SampleData.newPassword
      viewModel.confirmation = SampleData.newPassword
      await viewModel.chooseTapped()
    case .ready, .loading, .expired:
      viewModel.newPassword = SampleData.newPassword
      viewModel.confirmation = SampleData.newPassword
    }
    switch state {
    case .loading: await stub.newPasswordCall.holdInFlight { await viewModel.chooseTapped() }
    case .expired:
      stub.newPasswordCall.answer(.success(.expired))
      await viewModel.chooseTapped()
    case .empty, .invalidFields, .ready: break
    }
    return viewModel
  }
}
