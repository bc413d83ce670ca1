import AuthViewModels

/// How a line-mode view's turn ended.
enum SceneEnd {
  /// The view model emitted a step; the coordinator takes it.
  case stepped
  /// The user left the scene (Ctrl-C in a form, `quit`, end of input).
  case dismissed
}

/// A line-mode view: talks with the user and drives its scene with view events.
@MainActor
protocol LineView {
  /// The view model this view drives.
  associatedtype ViewModel: ViewEventHandling
  /// Talks with the user, sending the scene's view events and reading its outputs, until a
  /// step is emitted or the user leaves.
  func interact(with scene: SceneDriver<ViewModel>, on terminal: LineTerminal) async -> SceneEnd
}

/// One showing of a scene through its stream face: the view's events and the lifecycle go in
/// through `transform(input:)`, and each send returns once the view model handled the event,
/// so the view reads the outputs (and whether the scene stepped) right after.
@MainActor
final class SceneDriver<ViewModel: ViewEventHandling> {
  /// What the view renders.
  let outputs: ViewModel.Outputs
  private let viewModel: ViewModel
  private let output: SceneOutput<ViewModel.Outputs>
  private let toView: AsyncStream<ViewModel.ViewEvent>.Continuation
  private let toController: AsyncStream<SceneLifecycle>.Continuation
  private let record: ((String) -> Void)?
  private var sent = 0

  /// Binds `viewModel`'s streams; `record` hears each event as it is sent (previews).
  init(_ viewModel: ViewModel, record: ((String) -> Void)? = nil) {
    let (view, toView) = AsyncStream.makeStream(of: ViewModel.ViewEvent.self)
    let (controller, toController) = AsyncStream.makeStream(of: SceneLifecycle.self)
    self.viewModel = viewModel
    self.toView = toView
    self.toController = toController
    self.record = record
    output = viewModel.transform(input: SceneInput(fromView: view, fromController: controller))
    outputs = output.outputs
  }

  /// Whether the scene emitted the step that ends it.
  var hasStepped: Bool { viewModel.outcome != nil }

  /// Sends a view event and returns once it was handled.
  func send(_ event: ViewModel.ViewEvent) async {
    record?(String(describing: event))
    toView.yield(event)
    await handled()
  }

  /// Reports the lifecycle and returns once it was handled.
  func send(lifecycle event: SceneLifecycle) async {
    record?(String(describing: event))
    toController.yield(event)
    await handled()
  }

  /// Ends the showing: both streams finish, and the binding with them.
  func finish() async {
    toView.finish()
    toController.finish()
    await output.binding.value
  }

  private func handled() async {
    sent += 1
    for await count in output.handled where count >= sent { return }
  }
}

/// Binds a line-mode view to its view model for one showing of the scene (the design's
/// `SceneController<View>`, for a terminal): reports the lifecycle, lets the view talk,
/// and makes sure a step always follows so the coordinator can move on.
@MainActor
struct SceneController<View: LineView> {
  let view: View
  let terminal: LineTerminal
  /// Hears each event sent to the scene, for a transcript.
  var record: ((String) -> Void)?

  init(view: View, terminal: LineTerminal, record: ((String) -> Void)? = nil) {
    self.view = view
    self.terminal = terminal
    self.record = record
  }

  func show(_ viewModel: View.ViewModel) async {
    let scene = SceneDriver(viewModel, record: record)
    await run(scene)
    await scene.finish()
  }

  private func run(_ scene: SceneDriver<View.ViewModel>) async {
    if terminal.isLeaving {
      await scene.send(lifecycle: .dismissed)
      return
    }
    await scene.send(lifecycle: .appeared)
    if scene.hasStepped { return }
    let end = await view.interact(with: scene, on: terminal)
    if end == .dismissed || !scene.hasStepped {
      await scene.send(lifecycle: .dismissed)
    }
  }
}
