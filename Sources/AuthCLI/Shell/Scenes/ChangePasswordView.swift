import AuthViewModels

/// The password-change form: current password, new password, and the new one again.
struct ChangePasswordView<ViewModel: ViewModelType>: LineView
where
  ViewModel.Input == SceneInput<ChangePasswordInputs>, ViewModel.Output == ChangePasswordOutputs
{
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd {
    terminal.say("\nChange password (Ctrl-C goes back; other sessions will end)")
    let output = viewModel.output
    if let message = output.errorMessage { terminal.say(terminal.style.failure(message)) }
    let end = await FormRunner(
      terminal: terminal,
      fields: [
        FormField(
          prompt: "Current password: ", secret: true,
          enter: { await viewModel.send(.currentPasswordChanged($0)) },
          problem: { output.currentPasswordValidation?.errorMessage }),
        FormField(
          prompt: "New password: ", secret: true,
          enter: { await viewModel.send(.newPasswordChanged($0)) },
          problem: { output.newPasswordValidation?.errorMessage }),
        FormField(
          prompt: "Repeat new password: ", secret: true,
          enter: { await viewModel.send(.confirmationChanged($0)) },
          problem: { output.confirmationValidation?.errorMessage }, retryFrom: 1),
      ],
      loadingText: "Changing password…",
      submit: { await viewModel.send(.changeRequested) },
      hasStepped: { viewModel.navigator.pendingStep != nil },
      errorMessage: { output.errorMessage }
    ).run()
    if let ended = output.endedSessions {
      terminal.say(
        terminal.style.success(
          "Password changed; \(ended) other session\(ended == 1 ? "" : "s") ended."))
    }
    return end
  }
}
