import AuthViewModels

/// The sign-up form: username, password, and the password again, echo off for both.
struct SignUpView: FormView {
  typealias ViewModel = SignUpViewModel

  static let submit = SignUpViewEvent.signUpTapped
  static let loadingText = "Creating account…"

  static func introduce(_ outputs: any SignUpViewModelOutputs, on terminal: LineTerminal) {
    terminal.say("\nCreate an account (Ctrl-C goes back)")
  }

  /// The fields; `authcli signup` on a terminal asks the same.
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

  static func failureMessage(_ outputs: any SignUpViewModelOutputs) -> String? {
    outputs.failure?.description
  }
}
