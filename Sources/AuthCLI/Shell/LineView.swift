import AuthViewModels

/// How a line-mode view's turn ended.
enum SceneEnd {
  /// The view model emitted a step; the coordinator takes it.
  case stepped
  /// The user left the scene (Ctrl-C in a form, `quit`, end of input).
  case dismissed
}

/// A line-mode view, generic over its view model's type so that it can be shown with the
/// real view model or with a stub in previews.
@MainActor
protocol LineView {
  /// The view model type this view renders and drives.
  associatedtype ViewModel: ViewModelType
  /// Talks with the user, sending actions to the view model, until a step is emitted or
  /// the user leaves.
  func interact(with viewModel: ViewModel, on terminal: LineTerminal) async -> SceneEnd
}

/// Binds any line-mode view to its view model for one showing of the scene (the seed's
/// `SceneController<View>`, for a terminal): reports the lifecycle, lets the view talk,
/// and makes sure a step always follows so the coordinator can move on.
@MainActor
struct SceneController<View: LineView> {
  let view: View
  let terminal: LineTerminal

  func show(_ viewModel: View.ViewModel) async {
    if terminal.isLeaving {
      await viewModel.send(lifecycle: .dismissed)
      return
    }
    await viewModel.send(lifecycle: .appeared)
    if viewModel.navigator.pendingStep != nil { return }
    let end = await view.interact(with: viewModel, on: terminal)
    if end == .dismissed || viewModel.navigator.pendingStep == nil {
      await viewModel.send(lifecycle: .dismissed)
    }
  }
}
