import AuthViewModels

/// Shows each scene the coordinator asks for with its line-mode view, found through the
/// view model's `LineModeScene` conformance (declared beside each view).
@MainActor
final class LineModePresenter: ScenePresenter {
  private let terminal: LineTerminal

  /// Shows scenes on `terminal`.
  init(terminal: LineTerminal) {
    self.terminal = terminal
  }

  func present(_ scene: AuthScene) async {
    guard let shown = scene.viewModel as? any LineModeScene else {
      // No line-mode view for this scene: leave it, so the flow goes on (a test proves
      // every route has one).
      scene.viewModel.lifecycle.viewDidDismiss()
      return
    }
    await shown.showLineMode(on: terminal)
  }
}
