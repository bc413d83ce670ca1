import AuthViewModels
import CommandLineKit

/// `authcli signup`: drives the sign-up view model with the typed fields, keeps the new
/// session's token, and reports the account.
@MainActor
struct SignUpCommand {
  let context: CommandContext

  func run() async throws {
    let location = try context.lastingDatabaseLocation()
    let root: CompositionRoot
    let viewModel: SignUpViewModel
    if CommandForm.applies(context) {
      // Each field is checked as it is typed, by the view model, which checks through the
      // use case: the database is opened first.
      root = try openRoot(location)
      viewModel = SignUpViewModel(signUp: root.useCases.signUp)
      let scene = SceneDriver(viewModel)
      try await CommandForm.fill(
        SignUpView.fields(scene.outputs), givenName: context.typedUsername,
        nameRefusal: { FieldError("username", scene.outputs.usernameValidation) },
        submit: .signUpTapped, scene: scene, context: context)
    } else {
      let reader = CredentialReader(context: context)
      let name = try reader.username(given: context.typedUsername)
      let (password, confirmation) = try reader.newPassword(
        prompt: "Password: ", confirmation: "Repeat password: ")
      root = try openRoot(location)
      viewModel = SignUpViewModel(signUp: root.useCases.signUp)
      viewModel.inputs.username = name
      viewModel.inputs.password = password
      viewModel.inputs.confirmation = confirmation
      await viewModel.inputs.signUpTapped()
    }
    guard case .userDidSignUp(let session) = viewModel.outcome else {
      let output = viewModel.outputs
      throw FieldRefusals.error(
        output.failure,
        [
          FieldError("username", output.usernameValidation),
          FieldError("password", output.passwordValidation),
          FieldError("confirmation", output.confirmationValidation),
        ])
    }
    try await StartedSession.keep(session, in: root, context: context, answer: .signedUp)
  }

  private func openRoot(_ location: DatabaseLocation) throws -> CompositionRoot {
    try StartedSession.openRoot(location, access: .createIfMissing, context: context)
  }
}

extension SignUpCommand {
  static let declaration: Subcommand = Subcommand(
    "signup", abstract: "Create an account and sign in.",
    discussion: """
      Prompts for the password twice with echo off on a terminal. With --password-stdin,
      reads the password from the first line of standard input; nothing is confirmed and
      later lines are ignored.
      """,
    options: [CredentialOptions.username, CredentialOptions.passwordStandardInput]
  ) { context in
    try await SignUpCommand(context: context).run()
  }
}
