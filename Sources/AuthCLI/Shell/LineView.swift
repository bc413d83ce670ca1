import AuthViewModels

/// How a line-mode view's turn ended.
enum SceneEnd {
  /// The view model emitted a step; the coordinator takes it.
  case stepped
  /// The user left the scene (Ctrl-C in a form, `quit`, end of input).
  case dismissed
}

/// A line-mode view, generic over its scene's `…ViewModelType` so that it can be shown
/// with the real view model or with a preview one.
@MainActor
protocol LineView {
  /// The view model type this view renders and drives.
  associatedtype ViewModel: SceneViewModelType
  /// Talks with the user, setting and calling the view model's inputs, until a step is
  /// emitted or the user leaves.
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd
}

/// Binds any line-mode view to its view model for one showing of the scene (the design's
/// `SceneController<View>`, for a terminal): reports the lifecycle, lets the view talk,
/// and makes sure a step always follows so the coordinator can move on.
@MainActor
struct SceneController<View: LineView> {
  let view: View
  let terminal: LineTerminal

  func show(_ viewModel: View.ViewModel) async {
    let lifecycle = viewModel.lifecycle
    if terminal.isLeaving {
      lifecycle.viewDidDismiss()
      return
    }
    await lifecycle.viewDidAppear()
    if viewModel.navigator.pendingStep != nil { return }
    let end = await view.interact(with: viewModel, on: terminal)
    if end == .dismissed || viewModel.navigator.pendingStep == nil {
      lifecycle.viewDidDismiss()
    }
  }
}

/// A view model the line-mode presenter can show: each scene's view file makes its view
/// model conform, so the presenter needs no list of scenes.
@MainActor
protocol LineModeScene {
  /// Shows the scene on the terminal until it steps or the user leaves.
  func showLineMode(on terminal: LineTerminal) async
}
