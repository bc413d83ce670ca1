import AuthViewModels

/// The sign-up form: username, password, and the password again, echo off for both.
struct SignUpView<ViewModel: SignUpViewModelType>: LineView {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nCreate an account (Ctrl-C goes back)")
    let inputs = viewModel.inputs
    let outputs = viewModel.outputs
    return await FormRunner(
      terminal: terminal, viewModel: viewModel,
      fields: [
        FormField(
          prompt: "Username: ", secret: false, write: { inputs.username = $0 },
          problem: { outputs.usernameValidation?.errorMessage }),
        FormField(
          prompt: "Password: ", secret: true, write: { inputs.password = $0 },
          problem: { outputs.passwordValidation?.errorMessage }),
        FormField(
          prompt: "Repeat password: ", secret: true, write: { inputs.confirmation = $0 },
          problem: { outputs.confirmationValidation?.errorMessage }, retryFrom: 1),
      ],
      submit: { await inputs.signUpTapped() }, loadingText: "Creating account…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }
}

extension SignUpViewModel: LineModeScene {
  func showLineMode(on terminal: LineTerminal) async {
    await SceneController(view: SignUpView<SignUpViewModel>(), terminal: terminal).show(self)
  }
}
