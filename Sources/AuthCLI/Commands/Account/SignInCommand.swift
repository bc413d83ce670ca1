import AuthCore
import AuthViewModels
import CommandLineKit

/// `authcli signin`: drives the sign-in view model and keeps the new session's token,
/// replacing any previous one for this database.
@MainActor
struct SignInCommand {
  let context: CommandContext

  func run() async throws {
    let root: CompositionRoot
    let viewModel: SignInViewModel
    if CommandForm.applies(context) {
      // Each field is checked as it is typed, by the view model: the database (which must
      // exist) is opened first.
      let location = try context.existingDatabaseLocation()
      root = try openRoot(location)
      viewModel = SignInViewModel(authentication: root.useCases.authentication)
      let scene = SceneDriver(viewModel)
      try await CommandForm.fill(
        SignInView.fields(scene.outputs), givenName: context.typedUsername,
        nameRefusal: { FieldError("username", scene.outputs.usernameValidation) },
        submit: .signInTapped, scene: scene, context: context)
    } else {
      let (location, name, password) = try CredentialReader.existingAccountCredentials(
        context: context)
      root = try openRoot(location)
      viewModel = SignInViewModel(authentication: root.useCases.authentication)
      viewModel.inputs.username = name
      viewModel.inputs.password = password
      await viewModel.inputs.signInTapped()
    }
    var outcome = viewModel.outcome
    var newPasswordDue: NewPasswordChallenge?
    if case .userDidPassExpiredPassword(let challenge) = outcome { newPasswordDue = challenge }
    // An account with a second factor: the code line, then the second step's scene.
    if case .userDidPassPassword(let challenge) = outcome {
      let code = try CredentialReader(context: context).secondFactorCode()
      let step = SecondFactorViewModel(
        challenge: challenge, authentication: root.useCases.authentication)
      step.inputs.code = code
      await step.inputs.verifyTapped()
      switch step.outcome {
      case .userDidSignIn(let session): outcome = .userDidSignIn(session)
      case .userDidPassCode(let challenge): newPasswordDue = challenge
      case .userIntendsToGoBack, nil:
        throw step.outputs.failure ?? SecondFactorFailure.incorrectCode
      }
    }
    // An account that must choose a new password: its scene, before any session starts.
    if let newPasswordDue {
      outcome = .userDidSignIn(try await chooseNewPassword(newPasswordDue, root: root))
    }
    guard case .userDidSignIn(let session) = outcome else {
      let output = viewModel.outputs
      throw FieldRefusals.error(
        output.failure,
        [
          FieldError("username", output.usernameValidation),
          FieldError("password", output.passwordValidation),
        ])
    }
    try await StartedSession.keep(session, in: root, context: context, answer: .signedIn)
  }

  /// The new-password step: its form on a terminal (a refused field is asked again), else
  /// the next line of standard input, taken as both the password and its confirmation.
  private func chooseNewPassword(
    _ challenge: NewPasswordChallenge, root: CompositionRoot
  ) async throws -> NewSession {
    let step = NewPasswordViewModel(
      challenge: challenge, authentication: root.useCases.authentication)
    if CommandForm.applies(context) {
      context.console.errors.write(
        "\(TerminalText.visible(challenge.username)) must choose a new password before signing"
          + " in.\n")
      let scene = SceneDriver(step)
      try await CommandForm.fill(
        NewPasswordView.fields(scene.outputs), submit: .chooseTapped, scene: scene,
        context: context)
    } else {
      let password = try CredentialReader(context: context).newPasswordAtSignIn()
      step.inputs.newPassword = password
      step.inputs.confirmation = password
      await step.inputs.chooseTapped()
    }
    guard case .userDidSignIn(let session) = step.outcome else {
      let output = step.outputs
      throw FieldRefusals.error(
        output.failure,
        [
          FieldError("new_password", output.newPasswordValidation),
          FieldError("confirmation", output.confirmationValidation),
        ])
    }
    return session
  }

  private func openRoot(_ location: DatabaseLocation) throws -> CompositionRoot {
    try StartedSession.openRoot(location, access: .existingOnly, context: context)
  }
}

extension SignInCommand {
  static let declaration: Subcommand = Subcommand(
    "signin", abstract: "Sign in: start a new session.",
    discussion: """
      Unknown user, wrong password and a locked account all exit with code 77 and the same
      message. The session token is kept in $XDG_STATE_HOME/authcli/, mode 0600. For an
      account with a second factor, asks for a code next; with --password-stdin, reads it
      from the line after the password (no line: exit 77, second_factor_required). For an
      account that must choose a new password, asks for it (twice) before any session
      starts; with --password-stdin, reads it from the next line (no line: exit 77,
      password_change_required).
      """,
    options: [CredentialOptions.username, CredentialOptions.passwordStandardInput]
  ) { context in
    try await SignInCommand(context: context).run()
  }
}
