import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

@testable import AuthCLI

/// Every scene in every named preview state, rendered from the real view model in that
/// state with input that fits what the state asks for, and compared with the scene's golden
/// file.
@Suite("Scene previews")
@MainActor
struct ScenePreviewTests {
  let password = SampleData.password
  let newPassword = SampleData.newPassword

  @Test func authenticate() async throws {
    var transcripts: [(String, String)] = []
    for state in AuthenticateViewModelPreview.State.allCases {
      let viewModel = await AuthenticateViewModelPreview.make(state)
      let text = await PreviewRecorder.transcript(
        AuthenticateView(), viewModel, input: ["9", "sign UP"])
      #expect(viewModel.navigator.history == [.userIntendsToSignUp])
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "Authenticate")
  }

  @Test func signIn() async throws {
    var transcripts: [(String, String)] = []
    for state in SignInViewModelPreview.State.allCases {
      let viewModel = await SignInViewModelPreview.make(state)
      // What a person would type at each prompt the state asks: a too-short name where
      // the name is refused, the sample credentials otherwise.
      let input = state == .invalidFields ? ["al"] : ["alice", password]
      let text = await PreviewRecorder.transcript(
        SignInView(), viewModel, input: input)
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "SignIn")
  }

  @Test func secondFactor() async throws {
    var transcripts: [(String, String)] = []
    for state in SecondFactorViewModelPreview.State.allCases {
      let viewModel = await SecondFactorViewModelPreview.make(state)
      let text = await PreviewRecorder.transcript(
        SecondFactorView(), viewModel, input: [SampleData.code])
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "SecondFactor")
  }

  @Test func signUp() async throws {
    var transcripts: [(String, String)] = []
    for state in SignUpViewModelPreview.State.allCases {
      let viewModel = await SignUpViewModelPreview.make(state)
      let input =
        switch state {
        case .invalidFields: ["al"]
        case .usernameTaken: ["alice"]
        default: ["alice", password, password]
        }
      let text = await PreviewRecorder.transcript(
        SignUpView(), viewModel, input: input)
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "SignUp")
  }

  @Test func account() async throws {
    var transcripts: [(String, String)] = []
    for state in AccountViewModelPreview.State.allCases {
      let viewModel = await AccountViewModelPreview.make(state)
      let choice = state == .signedOutEverywhere ? "4" : "sessions"
      let text = await PreviewRecorder.transcript(
        AccountView(), viewModel, input: ["6", choice])
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "Account")
  }

  @Test func sessions() async throws {
    var transcripts: [(String, String)] = []
    for state in SessionsViewModelPreview.State.allCases {
      let viewModel = await SessionsViewModelPreview.make(state)
      let text = await PreviewRecorder.transcript(
        SessionsView(), viewModel, input: ["seven", "7", ""])
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "Sessions")
  }

  @Test func changePassword() async throws {
    var transcripts: [(String, String)] = []
    for state in ChangePasswordViewModelPreview.State.allCases {
      let viewModel = await ChangePasswordViewModelPreview.make(state)
      // An empty current password where the state refuses it as empty.
      let input = state == .invalidFields ? [""] : [password, newPassword, newPassword]
      let text = await PreviewRecorder.transcript(
        ChangePasswordView(), viewModel, input: input)
      transcripts.append((state.rawValue, text))
    }
    try PreviewRecorder.check(transcripts, scene: "ChangePassword")
  }

  @Test("every route's real view model has a line-mode view", arguments: AuthRoute.examples)
  func everySceneHasALineModeView(route: AuthRoute) {
    let useCases = AuthUseCases(
      authentication: AuthenticationUseCaseStub(), signUp: SignUpUseCaseStub(),
      sessions: SessionUseCaseStub(), changePassword: ChangePasswordUseCaseStub())
    let scene = route.scene(using: useCases, token: SampleData.token)
    #expect(scene.viewModel is any LineModeScene)
  }
}
