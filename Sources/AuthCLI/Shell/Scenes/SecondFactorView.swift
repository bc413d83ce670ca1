import AuthViewModels

/// The second step of a sign-in: one code (or recovery code) with echo off.
struct SecondFactorView: LineView {
  func interact(
    with scene: SceneDriver<SecondFactorViewModel>, on terminal: LineTerminal
  ) async -> SceneEnd {
    let outputs = scene.outputs
    terminal.say(
      "\nCode for \(TerminalText.visible(outputs.username)) from your authenticator app,"
        + " or a recovery code (Ctrl-C goes back)")
    return await FormRunner(
      terminal: terminal, scene: scene,
      fields: [
        FormField(
          prompt: "Code: ", secret: true, changed: { .codeChanged($0) }, problem: { nil })
      ],
      submit: .verifyTapped, loadingText: "Checking…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }
}
