import AuthViewModels

/// The password-change form: current password, new password, and the new one again.
struct ChangePasswordView: FormView {
  static let submit = ChangePasswordViewEvent.changeTapped
  static let loadingText = "Changing password…"

  /// Runs the form, then says how many other sessions the change ended.
  func interact(
    with scene: SceneDriver<ChangePasswordViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    let end = await runForm(with: scene, on: terminal)
    if let ended = scene.outputs.endedSessions {
      terminal.say(
        terminal.style.success(
          "Password changed; \(ended) other session\(ended == 1 ? "" : "s") ended."))
    }
    return end
  }

  /// The heading, and why loading the account failed, if it did.
  static func introduce(_ outputs: any ChangePasswordViewModelOutputs, on terminal: LineTerminal) {
    terminal.say("\nChange password (Ctrl-C goes back; other sessions will end)")
    if let failure = outputs.failure { terminal.say(terminal.style.failure(failure.description)) }
  }

  /// The fields; `authcli passwd` on a terminal asks the same.
  static func fields(
    _ outputs: any ChangePasswordViewModelOutputs
  ) -> [FormField<ChangePasswordViewEvent>] {
    [
      FormField(
        prompt: "Current password: ", secret: true, changed: { .currentPasswordChanged($0) },
        problem: { outputs.currentPasswordValidation?.errorMessage }),
      FormField(
        prompt: "New password: ", secret: true, changed: { .newPasswordChanged($0) },
        problem: { outputs.newPasswordValidation?.errorMessage }),
      FormField(
        prompt: "Repeat new password: ", secret: true, changed: { .confirmationChanged($0) },
        problem: { outputs.confirmationValidation?.errorMessage }, retryFrom: 1),
    ]
  }

  static func failureMessage(_ outputs: any ChangePasswordViewModelOutputs) -> String? {
    outputs.failure?.description
  }
}
