import AuthViewModels

/// The sign-in form: username, then password with echo off.
struct SignInView: LineView {
  func interact(
    with scene: SceneDriver<SignInViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    terminal.say("\nSign in (Ctrl-C goes back)")
    let outputs = scene.outputs
    return await FormRunner(
      terminal: terminal, scene: scene, fields: Self.fields(outputs),
      submit: .signInTapped, loadingText: "Signing in…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }

  /// The fields, in the order asked; `authcli signin` on a terminal asks the same.
  static func fields(_ outputs: any SignInViewModelOutputs) -> [FormField<SignInViewEvent>] {
    [
      FormField(
        prompt: "Username: ", secret: false, changed: { .usernameChanged($0) },
        problem: { outputs.usernameValidation?.errorMessage }, keeping: .onceItSignsIn),
      FormField(
        prompt: "Password: ", secret: true, changed: { .passwordChanged($0) },
        problem: { outputs.passwordValidation?.errorMessage }),
    ]
  }
}
