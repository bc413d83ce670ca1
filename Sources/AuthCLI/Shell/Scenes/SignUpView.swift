import AuthViewModels

/// The sign-up form: username, password, and the password again, echo off for both.
struct SignUpView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<SignUpInputs>, ViewModel.Output == SignUpOutputs {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nCreate an account (Ctrl-C goes back)")
    let output = viewModel.output
    return await FormRunner(
      terminal: terminal, viewModel: viewModel,
      fields: [
        FormField(
          prompt: "Username: ", secret: false, action: SignUpInputs.usernameChanged,
          problem: { output.usernameValidation?.errorMessage }),
        FormField(
          prompt: "Password: ", secret: true, action: SignUpInputs.passwordChanged,
          problem: { output.passwordValidation?.errorMessage }),
        FormField(
          prompt: "Repeat password: ", secret: true, action: SignUpInputs.confirmationChanged,
          problem: { output.confirmationValidation?.errorMessage }, retryFrom: 1),
      ],
      submit: .signUpRequested, loadingText: "Creating account…",
      errorMessage: { output.errorMessage }
    ).run()
  }
}
