import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// What a scene shows of its action: whether it runs, and why it failed.
struct ActionSeen: Equatable {
  var loading = false
  var failure: String?
}

extension ActionSeen {
  init(_ loading: Bool, _ failure: (any Error & CustomStringConvertible)?) {
    self.init(loading: loading, failure: failure?.description)
  }
}

/// Every scene of the route table runs its use-case action the one way: loading while the
/// call is in flight with no failure shown, then the failure sorted from what was thrown, and
/// the step a dead session leads to.
@MainActor
@Suite("Each scene's action")
struct SceneActionTests {
  let stubs = StubUseCases()

  /// One scene, ready to act: its first use-case action and what it shows.
  struct Acting {
    let act: @MainActor () async -> Void
    let seen: @MainActor () -> ActionSeen
  }

  @Test(
    "a busy database: loading while the call runs, then the busy message, and no step",
    arguments: AuthRoute.examples)
  func busy(route: AuthRoute) async {
    let (history, scene) = await run(route, answering: .store(.busy))
    guard let history else { return }
    #expect(
      history == [
        ActionSeen(), ActionSeen(loading: true), ActionSeen(failure: SceneMessages.busy),
      ])
    #expect(!scene.viewModel.hasPendingStep)
  }

  @Test(
    "a dead session: a scene that holds one leaves it, the others show one sentence",
    arguments: AuthRoute.examples)
  func sessionEnded(route: AuthRoute) async {
    let (history, scene) = await run(route, answering: .notSignedIn)
    guard let history else { return }
    let holdsASession = [AuthRoute.account, .sessions, .changePassword].contains(route)
    let message = holdsASession ? SceneMessages.sessionEnded : SceneMessages.unexpected
    #expect(history == [ActionSeen(), ActionSeen(loading: true), ActionSeen(failure: message)])
    #expect(scene.viewModel.hasPendingStep == holdsASession)
  }

  /// Makes every use-case call throw `error`, runs the scene's first action, and answers
  /// what the scene showed before, during and after it (`nil` for a scene with no action).
  func run(
    _ route: AuthRoute, answering error: AuthError
  ) async -> ([ActionSeen]?, AuthScene) {
    let scene = stubs.scene(of: route)
    guard let acting = acting(scene.shown) else { return (nil, scene) }
    let recorder = SeenHistory(see: acting.seen)
    let (authentication, signUp, sessions) = (stubs.authentication, stubs.signUp, stubs.sessions)
    authentication.signInCall.answer(.failure(error))
    authentication.completeCall.answer(.failure(error))
    authentication.newPasswordCall.answer(.failure(error))
    signUp.signUpCall.answer(.failure(error))
    sessions.currentSessionCall.answer(.failure(error))
    sessions.listSessionsCall.answer(.failure(error))
    recorder.record(during: authentication.signInCall)
    recorder.record(during: authentication.completeCall)
    recorder.record(during: authentication.newPasswordCall)
    recorder.record(during: signUp.signUpCall)
    recorder.record(during: sessions.currentSessionCall)
    recorder.record(during: sessions.listSessionsCall)
    await acting.act()
    recorder.record()
    return (recorder.values, scene)
  }

  /// The scene's first action that calls a use case, with its fields filled so that it runs.
  func acting(_ scene: AuthScene.Shown) -> Acting? {
    switch scene {
    case .authenticate: return nil
    case .signIn(let viewModel):
      viewModel.username = SampleData.user.username
      viewModel.password = SampleData.password
      return Acting(act: viewModel.signInTapped) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .signUp(let viewModel):
      viewModel.username = SampleData.user.username
      viewModel.password = SampleData.password
      viewModel.confirmation = SampleData.password
      return Acting(act: viewModel.signUpTapped) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .secondFactor(let viewModel):
      viewModel.code = SampleData.code
      return Acting(act: viewModel.verifyTapped) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .newPassword(let viewModel):
      viewModel.newPassword = SampleData.newPassword
      viewModel.confirmation = SampleData.newPassword
      return Acting(act: viewModel.chooseTapped) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .account(let viewModel):
      return Acting(act: viewModel.viewDidAppear) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .sessions(let viewModel):
      return Acting(act: viewModel.viewDidAppear) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    case .changePassword(let viewModel):
      return Acting(act: viewModel.viewDidAppear) {
        ActionSeen(viewModel.isLoading, viewModel.failure)
      }
    }
  }
}
