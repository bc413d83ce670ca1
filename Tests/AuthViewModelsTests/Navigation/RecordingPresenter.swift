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

  init(_ scripts: [Script] = []) { self.scripts = scripts }

  func present(_ scene: AuthScene) async {
    routes.append(scene.route)
    if case .authenticate(let viewModel) = scene { notices.append(viewModel.output.notice) }
    await scene.send(lifecycle: .appeared)
    if scene.navigator.pendingStep != nil { return }
    if !scripts.isEmpty { await scripts.removeFirst()(scene) }
    // Like a line-mode front end at the end of its input: a scene never returns
    // without a step, so a script that went wrong fails the test instead of hanging it.
    if scene.navigator.pendingStep == nil { await scene.send(lifecycle: .dismissed) }
  }
}

/// Scripts that send actions to one kind of scene, and record an issue when
/// another kind is shown.
enum Play {
  static func authenticate(_ actions: AuthenticateInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .authenticate(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }
  static func signIn(_ actions: SignInInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .signIn(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }
  static func signUp(_ actions: SignUpInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .signUp(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }
  static func account(_ actions: AccountInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .account(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }
  static func sessions(_ actions: SessionsInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .sessions(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }
  static func changePassword(_ actions: ChangePasswordInputs...) -> RecordingPresenter.Script {
    { scene in
      guard case .changePassword(let viewModel) = scene else { return unexpected(scene) }
      for action in actions { await viewModel.send(action) }
    }
  }

  @MainActor
  private static func unexpected(_ scene: AuthScene) {
    Issue.record("unexpected scene \(scene.route)")
  }
}
