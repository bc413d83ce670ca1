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
      terminal: terminal, viewModel: viewModel,
      fields: [
        FormField(
          prompt: "Current password: ", secret: true,
          action: ChangePasswordInputs.currentPasswordChanged,
          problem: { output.currentPasswordValidation?.errorMessage }),
        FormField(
          prompt: "New password: ", secret: true, action: ChangePasswordInputs.newPasswordChanged,
          problem: { output.newPasswordValidation?.errorMessage }),
        FormField(
          prompt: "Repeat new password: ", secret: true,
          action: ChangePasswordInputs.confirmationChanged,
          problem: { output.confirmationValidation?.errorMessage }, retryFrom: 1),
      ],
      submit: .changeRequested, loadingText: "Changing password…",
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
