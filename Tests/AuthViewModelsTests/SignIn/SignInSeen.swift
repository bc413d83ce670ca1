import AuthCore
import AuthViewModels

/// The sign-in outputs at one moment.
struct SignInSeen: Equatable {
  var username: Validation<Username>?
  var password: Validation<Password>?
  var enabled = false
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some SignInViewModelType) -> SignInSeen {
    let output = viewModel.outputs
    return SignInSeen(
      username: output.usernameValidation, password: output.passwordValidation,
      enabled: output.isSignInEnabled, loading: output.isLoading, error: output.failure?.description
    )
  }
}
