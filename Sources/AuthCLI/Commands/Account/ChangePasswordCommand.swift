import AuthCore
import AuthViewModels
import CommandLineKit

/// `authcli passwd`: the password-change view model with the current, new and repeated
/// password (three lines with `--password-stdin`).
@MainActor
struct ChangePasswordCommand {
  let context: CommandContext
  let passwordFromStandardInput: Bool

  func run() async throws {
    let session = try ScriptedSession.open(context)
    let viewModel = session.root.factory.makeChangePassword(token: session.token)
    await viewModel.send(lifecycle: .appeared)
    try session.checkStillSignedIn(viewModel.navigator)
    let reader = CredentialReader(
      context: context, passwordFromStandardInput: passwordFromStandardInput)
    let current = try reader.password(prompt: "Current password: ")
    let new = try reader.password(prompt: "New password: ")
    let confirmation = try reader.password(prompt: "Repeat new password: ")
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

extension ChangePasswordCommand {
  static let declaration: Subcommand = Subcommand(
    "passwd", abstract: "Change the signed-in user's password (ends every other session).",
    discussion: """
      Prompts for the current password, then the new one twice. With --password-stdin,
      reads current, new and confirmation, one line each.
      """,
    options: [CredentialOptions.passwordStandardInput]
  ) { context in
    try await ChangePasswordCommand(
      context: context,
      passwordFromStandardInput: context.values[CredentialOptions.passwordStandardInput]
    ).run()
  }
}
