import AuthViewModels

/// The sign-up form: username, password, and the password again, echo off for both.
struct SignUpView: LineView {
  func interact(
    with scene: SceneDriver<SignUpViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    terminal.say("\nCreate an account (Ctrl-C goes back)")
    let outputs = scene.outputs
    return await FormRunner(
      terminal: terminal, scene: scene, fields: Self.fields(outputs),
      submit: .signUpTapped, loadingText: "Creating account…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }

  /// The fields, in the order asked; `authcli signup` on a terminal asks the same.
  static func fields(_ outputs: any SignUpViewModelOutputs) -> [FormField<SignUpViewEvent>] {
    [
      FormField(
        prompt: "Username: ", secret: false, changed: { .usernameChanged($0) },
        problem: { outputs.usernameValidation?.errorMessage }, keeping: .onceItSignsIn),
      FormField(
        prompt: "Password: ", secret: true, changed: { .passwordChanged($0) },
        problem: { outputs.passwordValidation?.errorMessage }),
      FormField(
        prompt: "Repeat password: ", secret: true, changed: { .confirmationChanged($0) },
        problem: { outputs.confirmationValidation?.errorMessage }, retryFrom: 1),
    ]
  }
}
