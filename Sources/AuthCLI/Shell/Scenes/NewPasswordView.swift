import AuthViewModels

/// The last step of a sign-in for an account that must choose a new password: the new
/// password and the same again, echo off.
struct NewPasswordView: LineView {
  func interact(
    with scene: SceneDriver<NewPasswordViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    let outputs = scene.outputs
    terminal.say(
      "\n\(TerminalText.visible(outputs.username)) must choose a new password before signing in"
        + " (Ctrl-C goes back)")
    return await FormRunner(
      terminal: terminal, scene: scene, fields: Self.fields(outputs),
      submit: .chooseTapped, loadingText: "Storing the new password…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }

  /// The fields, in the order asked; `authcli signin` on a terminal asks the same.
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
}
