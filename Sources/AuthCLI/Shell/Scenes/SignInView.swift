import AuthViewModels

/// The sign-in form: username, then password with echo off.
struct SignInView<ViewModel: ViewModelType>: LineView
where ViewModel.Input == SceneInput<SignInInputs>, ViewModel.Output == SignInOutputs {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nSign in (Ctrl-C goes back)")
    let output = viewModel.output
    return await FormRunner(
      terminal: terminal, viewModel: viewModel,
      fields: [
        FormField(
          prompt: "Username: ", secret: false, action: SignInInputs.usernameChanged,
          problem: { output.usernameValidation?.errorMessage }),
        FormField(
          prompt: "Password: ", secret: true, action: SignInInputs.passwordChanged,
          problem: { output.passwordValidation?.errorMessage }),
      ],
      submit: .signInRequested, loadingText: "Signing in…", errorMessage: { output.errorMessage }
    ).run()
  }
}
