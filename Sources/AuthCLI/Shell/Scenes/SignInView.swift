import AuthViewModels

/// The sign-in form: username, then password with echo off.
struct SignInView: FormView {
  typealias ViewModel = SignInViewModel

  static let submit = SignInViewEvent.signInTapped
  static let loadingText = "Signing in…"

  static func introduce(_ outputs: any SignInViewModelOutputs, on terminal: LineTerminal) {
    terminal.say("\nSign in (Ctrl-C goes back)")
  }

  /// The fields; `authcli signin` on a terminal asks the same.
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

  static func failureMessage(_ outputs: any SignInViewModelOutputs) -> String? {
    outputs.failure?.description
  }
}
