import AuthCore
import AuthViewModels

/// `authcli passwd`: the password-change view model with the current, new and repeated
/// password (three lines with `--password-stdin`).
@MainActor
struct ChangePasswordCommand {
  let context: CommandContext
  let passwordFromStandardInput: Bool

  func run() async throws {
    let session = try ScriptedSession.open(context, subcommand: .passwd)
    let viewModel = session.root.factory.makeChangePassword(token: session.token)
    await viewModel.send(lifecycle: .appeared)
    try session.checkStillSignedIn(viewModel.navigator)
    // A failed load is reported unless the change itself answers (the edits below clear it).
    let loadFailure = viewModel.output.failure
    let reader = CredentialReader(
      context: context, subcommand: .passwd,
      passwordFromStandardInput: passwordFromStandardInput)
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
      // What the change threw, then what the load threw, then a refused current password
      // (77, like a refused sign-in), then the fields (65).
      if let failure = output.failure {
        if case .currentPasswordRefused = failure, let loadFailure { throw loadFailure }
        throw failure
      }
      if let loadFailure { throw loadFailure }
      throw FieldRefusals.error([
        ("current password", output.currentPasswordValidation?.errorMessage),
        ("new password", output.newPasswordValidation?.errorMessage),
        ("confirmation", output.confirmationValidation?.errorMessage),
      ])
    }
    context.emit(json: ["changed": true, "ended_sessions": ended])
    context.show(
      "Password changed; \(ended) other session\(ended == 1 ? "" : "s") ended.")
  }
}
