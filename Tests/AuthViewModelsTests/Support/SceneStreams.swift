import AuthViewModels

/// The two streams a controller feeds a scene through `transform(input:)`, with the ends a
/// test pushes events into.
struct SceneStreams<Event: Sendable> {
  /// What `transform(input:)` takes.
  let input: SceneInput<Event>
  /// The view's end.
  let toView: AsyncStream<Event>.Continuation
  /// The hosting controller's end.
  let toController: AsyncStream<SceneLifecycle>.Continuation

  /// Two open streams.
  init(of event: Event.Type = Event.self) {
    let (view, toView) = AsyncStream.makeStream(of: Event.self)
    let (controller, toController) = AsyncStream.makeStream(of: SceneLifecycle.self)
    input = SceneInput(fromView: view, fromController: controller)
    self.toView = toView
    self.toController = toController
  }

  /// Ends both streams, as a controller that goes away does.
  func finish() {
    toView.finish()
    toController.finish()
  }
}
