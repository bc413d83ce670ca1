import AuthCore
import AuthViewModels
import CommandLineKit

/// `authcli passwd`: the password-change view model with the current, new and repeated
/// password (two lines with `--password-stdin`: the current, then the new).
@MainActor
struct ChangePasswordCommand {
  let context: CommandContext

  func run() async throws {
    let session = try ScriptedSession.open(context)
    let useCases = session.root.useCases
    let viewModel = ChangePasswordViewModel(
      token: session.token, changePassword: useCases.changePassword, sessions: useCases.sessions)
    await viewModel.inputs.viewDidAppear()
    try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
    // A failed load is reported unless the change itself answers (the edits below clear it).
    let loadFailure = viewModel.outputs.failure
    if CommandForm.applies(context) {
      // On a terminal, the shell's form: a refused field is asked again at once.
      let scene = SceneDriver(viewModel)
      try await CommandForm.fill(
        ChangePasswordView.fields(scene.outputs), submit: .changeTapped, scene: scene,
        context: context)
    } else {
      let reader = CredentialReader(context: context)
      let current = try reader.password(prompt: "Current password: ")
      let (new, confirmation) = try reader.newPassword(
        prompt: "New password: ", confirmation: "Repeat new password: ")
      viewModel.inputs.currentPassword = current
      viewModel.inputs.newPassword = new
      viewModel.inputs.confirmation = confirmation
      await viewModel.inputs.changeTapped()
    }
    try session.checkStillSignedIn(viewModel.outcome == .userIsNotSignedIn)
    guard case .userDidChangePassword(let ended) = viewModel.outcome else {
      let output = viewModel.outputs
      // What the change threw, then what the load threw, then a refused current password
      // (77, like a refused sign-in), then the fields (65).
      if let failure = output.failure {
        if case .currentPasswordRefused = failure, let loadFailure { throw loadFailure }
        throw failure
      }
      if let loadFailure { throw loadFailure }
      throw FieldRefusals.error([
        FieldError("current_password", output.currentPasswordValidation),
        FieldError("new_password", output.newPasswordValidation),
        FieldError("confirmation", output.confirmationValidation),
      ])
    }
    try context.print(PasswordChanged(endedSessions: ended))
  }
}

extension ChangePasswordCommand {
  static let declaration: Subcommand = Subcommand(
    "passwd", abstract: "Change the signed-in user's password (ends every other session).",
    discussion: """
      Prompts for the current password, then the new one twice. With --password-stdin,
      reads the current password, then the new one, one line each; later lines are ignored.
      """,
    options: [CredentialOptions.passwordStandardInput]
  ) { context in
    try await ChangePasswordCommand(context: context).run()
  }
}
