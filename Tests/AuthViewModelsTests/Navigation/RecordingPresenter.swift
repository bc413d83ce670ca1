import AuthCore
import AuthViewModels
import Testing

/// A front end for tests: records each scene shown, tells it it appeared, then
/// (unless that already stepped) plays the next script on it; a scene left
/// without a step is dismissed, as a line-mode front end does at the end of its input.
@MainActor
final class RecordingPresenter: ScenePresenter {
  typealias Script = @MainActor (AuthScene) async -> Void
  private var scripts: [Script]
  private(set) var routes: [AuthRoute] = []
  private(set) var notices: [String?] = []
  /// Every token the coordinator handed over to keep, oldest first (`nil`: forget it).
  private(set) var tokens: [SessionToken?] = []

  init(_ scripts: [Script] = []) { self.scripts = scripts }

  /// Runs a coordinator's whole flow over `useCases` on this front end, signed in with
  /// `token` from the start when one is given, keeping each token it hands over in `tokens`.
  @discardableResult
  func runFlow(over useCases: AuthUseCases, token: SessionToken? = nil) async -> AuthCoordinator {
    let coordinator = AuthCoordinator(useCases: useCases, presenter: self, token: token) {
      [self] in tokens.append($0)
    }
    await coordinator.start()
    return coordinator
  }

  func present(_ scene: AuthScene) async {
    routes.append(scene.route)
    if let start = scene.viewModel as? AuthenticateViewModel {
      notices.append(start.outputs.notice)
    }
    let viewModel = scene.viewModel
    await viewModel.lifecycle.viewDidAppear()
    if viewModel.hasPendingStep { return }
    if !scripts.isEmpty { await scripts.removeFirst()(scene) }
    // Like a line-mode front end at the end of its input: a scene never returns
    // without a step, so a script that went wrong fails the test instead of hanging it.
    if !viewModel.hasPendingStep { viewModel.lifecycle.viewDidDismiss() }
  }
}

/// Scripts that apply events to one kind of scene, and record an issue when another
/// kind is shown.
enum Play {
  /// From the start scene to a new account: sign-up chosen, its form filled and submitted.
  static func signsUp(_ username: String, _ phrase: String) -> [RecordingPresenter.Script] {
    [
      authenticate(.signUpTapped),
      signUp(
        .usernameChanged(username), .passwordChanged(phrase), .confirmationChanged(phrase),
        .signUpTapped),
    ]
  }
  static func authenticate(_ events: AuthenticateViewEvent...) -> RecordingPresenter.Script {
    play(AuthenticateViewModel.self, events)
  }
  static func signIn(_ events: SignInViewEvent...) -> RecordingPresenter.Script {
    play(SignInViewModel.self, events)
  }
  static func signUp(_ events: SignUpViewEvent...) -> RecordingPresenter.Script {
    play(SignUpViewModel.self, events)
  }
  static func account(_ events: AccountViewEvent...) -> RecordingPresenter.Script {
    play(AccountViewModel.self, events)
  }
  static func sessions(_ events: SessionsViewEvent...) -> RecordingPresenter.Script {
    play(SessionsViewModel.self, events)
  }
  static func changePassword(_ events: ChangePasswordViewEvent...) -> RecordingPresenter.Script {
    play(ChangePasswordViewModel.self, events)
  }

  private static func play<ViewModel: ViewEventHandling>(
    _ type: ViewModel.Type, _ events: [ViewModel.ViewEvent]
  ) -> RecordingPresenter.Script {
    { scene in
      guard let viewModel = scene.viewModel as? ViewModel else {
        Issue.record("unexpected scene \(scene.route)")
        return
      }
      for event in events { await viewModel.handle(event) }
    }
  }
}
