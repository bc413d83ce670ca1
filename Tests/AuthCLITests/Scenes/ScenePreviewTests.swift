import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

@testable import AuthCLI

/// Every scene of the route table in every named preview state, rendered from the real view
/// model in that state with input that fits what the state asks for, and compared with the
/// scene's golden file.
@Suite("Scene previews")
@MainActor
struct ScenePreviewTests {
  let password = SampleData.password
  let newPassword = SampleData.newPassword

  @Test("each scene's preview states match its golden file", arguments: AuthRoute.Kind.allCases)
  func previews(of kind: AuthRoute.Kind) async throws {
    switch kind {
    case .authenticate:
      try await check(AuthenticateView(), AuthenticateViewModelPreview.make) { _ in
        ["9", "sign UP"]
      }
    case .signIn:
      // What a person would type at each prompt the state asks: a too-short name where
      // the name is refused, the sample credentials otherwise.
      try await check(SignInView(), SignInViewModelPreview.make) {
        $0 == .invalidFields ? ["al"] : ["alice", password]
      }
    case .secondFactor:
      try await check(SecondFactorView(), SecondFactorViewModelPreview.make) { _ in
        [SampleData.code]
      }
    case .newPassword:
      // The name inside the new password where the state refuses it.
      try await check(NewPasswordView(), NewPasswordViewModelPreview.make) {
        $0 == .invalidFields ? ["alice " + newPassword, newPassword] : [newPassword, newPassword]
      }
    case .signUp:
      try await check(SignUpView(), SignUpViewModelPreview.make) {
        switch $0 {
        case .invalidFields: ["al"]
        case .usernameTaken: ["alice"]
        default: ["alice", password, password]
        }
      }
    case .account:
      try await check(AccountView(), { await AccountViewModelPreview.make($0) }) {
        ["6", $0 == .signedOutEverywhere ? "4" : "sessions"]
      }
    case .sessions:
      try await check(SessionsView(), SessionsViewModelPreview.make) { _ in ["seven", "7", ""] }
    case .changePassword:
      // An empty current password where the state refuses it as empty.
      try await check(ChangePasswordView(), ChangePasswordViewModelPreview.make) {
        $0 == .invalidFields ? [""] : [password, newPassword, newPassword]
      }
    }
  }

  /// Renders `view` over the view model of every state of the scene's preview, with the input
  /// `typed` gives for the state, and compares the transcripts with the golden file named
  /// after the view.
  private func check<View: LineView, State: CaseIterable & RawRepresentable<String>>(
    _ view: View, _ make: @MainActor (State) async -> View.ViewModel,
    typed: (State) -> [String], sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    var transcripts: [(String, String)] = []
    for state in State.allCases {
      let viewModel = await make(state)
      let text = await PreviewRecorder.transcript(view, viewModel, input: typed(state))
      transcripts.append((state.rawValue, text))
    }
    let scene = String(String(describing: View.self).dropLast("View".count))
    try PreviewRecorder.check(transcripts, scene: scene, sourceLocation: sourceLocation)
  }

  @Test(
    "the shell shows every route's scene with its view, which leaves with a step at the end of input",
    arguments: AuthRoute.examples)
  func theShellShowsEveryScene(route: AuthRoute) async {
    let useCases = AuthUseCases(
      authentication: AuthenticationUseCaseStub(), signUp: SignUpUseCaseStub(),
      sessions: SessionUseCaseStub(), changePassword: ChangePasswordUseCaseStub())
    let scene = route.scene(using: useCases, token: SampleData.token)
    let sink = BufferSink()
    let terminal = LineTerminal(input: ScriptedLineSource(lines: []), output: sink, style: .plain)
    await LineModePresenter(terminal: terminal).present(scene)
    #expect(sink.text.contains { $0.isLetter }, "\(route) showed nothing")
    #expect(scene.viewModel.hasPendingStep)
  }
}
