import AuthViewModels

/// The second step of a sign-in: one code (or recovery code) with echo off.
struct SecondFactorView: FormView {
  typealias ViewModel = SecondFactorViewModel

  static let submit = SecondFactorViewEvent.verifyTapped
  static let loadingText = "Checking…"

  static func introduce(_ outputs: any SecondFactorViewModelOutputs, on terminal: LineTerminal) {
    terminal.say(
      "\nCode for \(TerminalText.visible(outputs.username)) from your authenticator app,"
        + " or a recovery code (Ctrl-C goes back)")
  }

  /// The one field: the code is refused only by the submit.
  static func fields(
    _ outputs: any SecondFactorViewModelOutputs
  ) -> [FormField<SecondFactorViewEvent>] {
    [FormField(prompt: "Code: ", secret: true, changed: { .codeChanged($0) }, problem: { nil })]
  }

  static func failureMessage(_ outputs: any SecondFactorViewModelOutputs) -> String? {
    outputs.failure?.description
  }
}
