import AuthViewModels

/// The sign-in form: username, then password with echo off.
struct SignInView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<SignInInputs>, ViewModel.Output == SignInOutputs {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nSign in (Ctrl-C goes back)")
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
      ],
      loadingText: "Signing in…",
      submit: { await viewModel.send(.signInRequested) },
      hasStepped: { viewModel.navigator.pendingStep != nil },
      errorMessage: { output.errorMessage }
    ).run()
  }
}
