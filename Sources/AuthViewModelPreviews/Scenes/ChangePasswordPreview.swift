import AuthCore
import AuthViewModels

/// The password-change scene in named states: the real `ChangePasswordViewModel` over
/// `ChangePasswordUseCaseStub` and `SessionUseCaseStub`, put into each state through its
/// own inputs.
@MainActor
public enum ChangePasswordViewModelPreview {
  /// The states a password-change view is shown in.
  public enum State: String, CaseIterable, Sendable {
    /// Nothing typed yet; a submit changes the password.
    case empty
    /// Every field refused: no current password, the name in the new one, no match.
    case invalidFields
    /// Every field valid; a submit changes the password.
    case ready
    /// Changing the password, for good.
    case loading
    /// Every field valid; a submit changes the password and ends two other sessions.
    case changed
  }

  /// The view model in `state`, with the use case stubs it runs over.
  public static func make(_ state: State) async -> ChangePasswordViewModel {
    let stub = ChangePasswordUseCaseStub()
    let viewModel = ChangePasswordViewModel(
      token: SampleData.token, changePassword: stub, sessions: SessionUseCaseStub())
    await viewModel.viewDidAppear()
    switch state {
    case .empty: break
    case .invalidFields:
      viewModel.newPassword = SampleData.user.username + " " + SampleData.newPassword
      viewModel.confirmation = SampleData.newPassword
      await viewModel.changeTapped()
    case .ready, .loading, .changed:
      viewModel.currentPassword = SampleData.password
      viewModel.newPassword = SampleData.newPassword
      viewModel.confirmation = SampleData.newPassword
    }
    if state == .loading {
      await stub.changePasswordCall.holdInFlight { await viewModel.changeTapped() }
    }
    return viewModel
  }
}
