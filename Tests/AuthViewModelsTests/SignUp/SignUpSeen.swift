import AuthCore
import AuthViewModels

/// The sign-up outputs at one moment.
struct SignUpSeen: Equatable {
  var username: Validation<Username>?
  var password: Validation<Password>?
  var confirmation: Validation<Password>?
  var enabled = false
  var loading = false
  var error: String?

  @MainActor
  static func of(_ viewModel: some SignUpViewModelType) -> SignUpSeen {
    let output = viewModel.outputs
    return SignUpSeen(
      username: output.usernameValidation, password: output.passwordValidation,
      confirmation: output.confirmationValidation, enabled: output.isSignUpEnabled,
      loading: output.isLoading, error: output.failure?.description)
  }
}
