import AuthViewModels

/// The sign-up form: username, password, and the password again, echo off for both.
struct SignUpView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<SignUpInputs>, ViewModel.Output == SignUpOutputs {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nCreate an account (Ctrl-C goes back)")
    let output = viewModel.output
    return await FormRunner(
      terminal: terminal,
      fields: [
        FormField(
          prompt: "Username: ", secret: false,
          enter: { await viewModel.send(.usernameChanged($0)) },
          problem: { output.usernameValidation?.errorMessage }),
        FormField(
          prompt: "Password: ", secret: true,
          enter: { await viewModel.send(.passwordChanged($0)) },
          problem: { output.passwordValidation?.errorMessage }),
        FormField(
          prompt: "Repeat password: ", secret: true,
          enter: { await viewModel.send(.confirmationChanged($0)) },
          problem: { output.confirmationValidation?.errorMessage }, retryFrom: 1),
      ],
      loadingText: "Creating account…",
      submit: { await viewModel.send(.signUpRequested) },
      hasStepped: { viewModel.navigator.pendingStep != nil },
      errorMessage: { output.errorMessage }
    ).run()
  }
}
