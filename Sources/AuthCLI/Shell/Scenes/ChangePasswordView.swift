import AuthViewModels

/// The password-change form: current password, new password, and the new one again.
struct ChangePasswordView: LineView {
  func interact(
    with scene: SceneDriver<ChangePasswordViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    terminal.say("\nChange password (Ctrl-C goes back; other sessions will end)")
    let outputs = scene.outputs
    if let failure = outputs.failure { terminal.say(terminal.style.failure(failure.description)) }
    let end = await FormRunner(
      terminal: terminal, scene: scene, fields: Self.fields(outputs),
      submit: .changeTapped, loadingText: "Changing password…",
      failureMessage: { outputs.failure?.description }
    ).run()
    if let ended = outputs.endedSessions {
      terminal.say(
        terminal.style.success(
          "Password changed; \(ended) other session\(ended == 1 ? "" : "s") ended."))
    }
    return end
  }

  /// The fields, in the order asked; `authcli passwd` on a terminal asks the same.
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
}
