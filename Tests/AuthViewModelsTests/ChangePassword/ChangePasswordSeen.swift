import AuthCore
import AuthViewModels

/// The password-change outputs at one moment.
struct ChangePasswordSeen: Equatable {
  var current: Validation<Password>?
  var new: Validation<Password>?
  var confirmation: Validation<Password>?
  var enabled = false
  var loading = false
  var ended: Int?
  var error: String?

  @MainActor
  static func of(_ viewModel: some ChangePasswordViewModelType) -> ChangePasswordSeen {
    let output = viewModel.outputs
    return ChangePasswordSeen(
      current: output.currentPasswordValidation, new: output.newPasswordValidation,
      confirmation: output.confirmationValidation, enabled: output.isChangeEnabled,
      loading: output.isLoading, ended: output.endedSessions, error: output.failure?.description)
  }
}
