import AuthCore
import AuthViewModels

/// `authcli passwd`: the password-change view model with the current, new and repeated
/// password (two lines with `--password-stdin`: the current, then the new).
@MainActor
struct ChangePasswordCommand {
  let context: CommandContext
  let passwordFromStandardInput: Bool

  func run() async throws {
    let session = try ScriptedSession.open(context, subcommand: .passwd)
    let viewModel = session.root.factory.makeChangePassword(token: session.token)
    await viewModel.send(lifecycle: .appeared)
    try session.checkStillSignedIn(viewModel.navigator)
    let reader = CredentialReader(
      context: context, subcommand: .passwd,
      passwordFromStandardInput: passwordFromStandardInput)
    let current = try reader.password(prompt: "Current password: ")
    let (new, confirmation) = try reader.newPassword(
      prompt: "New password: ", confirmation: "Repeat new password: ")
    await viewModel.send(.currentPasswordChanged(current))
    await viewModel.send(.newPasswordChanged(new))
    await viewModel.send(.confirmationChanged(confirmation))
    await viewModel.send(.changeRequested)
    try session.checkStillSignedIn(viewModel.navigator)
    guard case .userDidChangePassword(let ended) = viewModel.navigator.pendingStep else {
      let output = viewModel.output
      let currentMessage = output.currentPasswordValidation?.errorMessage
      // A wrong current password is a credential failure (77), like a failed sign-in.
      if let currentMessage, Self.credentialRefusals.contains(currentMessage) {
        throw CLIError.signInRefused("current password: " + currentMessage)
      }
      throw FormFailure.error(
        fields: [
          ("current password", currentMessage),
          ("new password", output.newPasswordValidation?.errorMessage),
          ("confirmation", output.confirmationValidation?.errorMessage),
        ], errorMessage: output.errorMessage, failures: session.root.failures)
    }
    context.emit(json: ["changed": true, "ended_sessions": ended])
    context.show(
      "Password changed; \(ended) other session\(ended == 1 ? "" : "s") ended.")
  }

  private static let credentialRefusals: Set<String> = [
    AuthMessages.currentPasswordIncorrect, AuthMessages.tooManyAttempts,
  ]
}
