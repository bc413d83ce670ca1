import AuthCore
import AuthTestSupport
import AuthViewModels
import Testing

@testable import AuthCLI

/// Every scene in every preview state, rendered from a stub view model and compared with
/// its golden transcript (`Previews/<Scene>-<state>.txt`).
@Suite("Scene previews")
@MainActor
struct ScenePreviewTests {
  @Test(arguments: AuthenticateOutputs.PreviewState.allCases)
  func authenticate(_ state: AuthenticateOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<AuthenticateInputs, AuthenticateOutputs>(
      output: .preview(state),
      stepAfter: { $0 == .signUpChosen ? .userIntendsToSignUp : nil })
    let text = await PreviewRecorder.transcript(
      AuthenticateView<PreviewViewModel<AuthenticateInputs, AuthenticateOutputs>>(), viewModel,
      input: ["9", "sign UP"])
    #expect(viewModel.actions == [.signUpChosen])
    try PreviewRecorder.check(text, named: "Authenticate-\(state)")
  }

  @Test(arguments: SignInOutputs.PreviewState.allCases)
  func signIn(_ state: SignInOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<SignInInputs, SignInOutputs>(
      output: .preview(state),
      stepAfter: {
        $0 == .signInRequested && state == .ready ? .userDidSignIn(SampleData.newSession) : nil
      })
    let text = await PreviewRecorder.transcript(
      SignInView<PreviewViewModel<SignInInputs, SignInOutputs>>(), viewModel,
      input: ["alice", "correct horse battery staple"])
    try PreviewRecorder.check(text, named: "SignIn-\(state)")
  }

  @Test(arguments: SignUpOutputs.PreviewState.allCases)
  func signUp(_ state: SignUpOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<SignUpInputs, SignUpOutputs>(
      output: .preview(state),
      stepAfter: {
        $0 == .signUpRequested && state == .ready ? .userDidSignUp(SampleData.newSession) : nil
      })
    let text = await PreviewRecorder.transcript(
      SignUpView<PreviewViewModel<SignUpInputs, SignUpOutputs>>(), viewModel,
      input: ["alice", "correct horse battery staple", "correct horse battery staple"])
    try PreviewRecorder.check(text, named: "SignUp-\(state)")
  }

  @Test(arguments: AccountOutputs.PreviewState.allCases)
  func account(_ state: AccountOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<AccountInputs, AccountOutputs>(
      output: .preview(state),
      stepAfter: { action in
        switch action {
        case .sessionsRequested: .userIntendsToSeeSessions
        case .signOutEverywhereRequested: .userDidSignOut
        default: nil
        }
      })
    let answer = state == .signedOutEverywhere ? "4" : "sessions"
    let text = await PreviewRecorder.transcript(
      AccountView<PreviewViewModel<AccountInputs, AccountOutputs>>(), viewModel,
      input: ["6", answer])
    try PreviewRecorder.check(text, named: "Account-\(state)")
  }

  @Test(arguments: SessionsOutputs.PreviewState.allCases)
  func sessions(_ state: SessionsOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<SessionsInputs, SessionsOutputs>(
      output: .preview(state),
      stepAfter: { $0 == .backRequested ? .userIntendsToGoBack : nil })
    let text = await PreviewRecorder.transcript(
      SessionsView<PreviewViewModel<SessionsInputs, SessionsOutputs>>(), viewModel,
      input: ["seven", "7", ""])
    #expect(viewModel.actions == [.revokeRequested(SessionID(rawValue: 7)), .backRequested])
    try PreviewRecorder.check(text, named: "Sessions-\(state)")
  }

  @Test(arguments: ChangePasswordOutputs.PreviewState.allCases)
  func changePassword(_ state: ChangePasswordOutputs.PreviewState) async throws {
    let viewModel = PreviewViewModel<ChangePasswordInputs, ChangePasswordOutputs>(
      output: .preview(state),
      stepAfter: {
        $0 == .changeRequested && state == .changed ? .userDidChangePassword(endedSessions: 2) : nil
      })
    let text = await PreviewRecorder.transcript(
      ChangePasswordView<PreviewViewModel<ChangePasswordInputs, ChangePasswordOutputs>>(),
      viewModel,
      input: [
        "correct horse battery staple", "an even longer new passphrase",
        "an even longer new passphrase",
      ])
    try PreviewRecorder.check(text, named: "ChangePassword-\(state)")
  }
}
