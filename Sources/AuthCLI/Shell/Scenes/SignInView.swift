import AuthViewModels

/// The sign-in form: username, then password with echo off.
struct SignInView<ViewModel: SignInViewModelType>: LineView {
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nSign in (Ctrl-C goes back)")
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
      ],
      submit: { await inputs.signInTapped() }, loadingText: "Signing in…",
      failureMessage: { outputs.failure?.description }
    ).run()
  }
}

extension SignInViewModel: LineModeScene {
  func showLineMode(on terminal: LineTerminal) async {
    await SceneController(view: SignInView<SignInViewModel>(), terminal: terminal).show(self)
  }
}
