import AuthViewModels

/// The last step of a sign-in for an account that must choose a new password: the new
/// password and the same again, echo off.
struct NewPasswordView: FormView {
  typealias ViewModel = NewPasswordViewModel

  static let submit = NewPasswordViewEvent.chooseTapped
  static let loadingText = "Storing the new password…"

  static func introduce(_ outputs: any NewPasswordViewModelOutputs, on terminal: LineTerminal) {
    terminal.say(
      "\n\(TerminalText.visible(outputs.username)) must choose a new password before signing in"
        + " (Ctrl-C goes back)")
  }

  /// The fields; `authcli signin` on a terminal asks the same.
  static func fields(
    _ outputs: any NewPasswordViewModelOutputs
  ) -> [FormField<NewPasswordViewEvent>] {
    [
      FormField(
        prompt: "New password: ", secret: true, changed: { .newPasswordChanged($0) },
        problem: { outputs.newPasswordValidation?.errorMessage }),
      FormField(
        prompt: "Repeat new password: ", secret: true, changed: { .confirmationChanged($0) },
        problem: { outputs.confirmationValidation?.errorMessage }, retryFrom: 0),
    ]
  }

  static func failureMessage(_ outputs: any NewPasswordViewModelOutputs) -> String? {
    outputs.failure?.description
  }
}
