/// The stream face of a view model (MVVM-C): events in, outputs out.
///
/// `transform(input:)` drives the same inputs a view sets one by one, so the two faces
/// are one implementation: a front end that pushes events (a UIKit controller, a test)
/// binds streams; a SwiftUI view binds properties.
@MainActor
public protocol ViewModelType: AnyObject {
  /// The event streams the scene feeds in.
  associatedtype Input: InputType
  /// What the view renders, plus the binding's task.
  associatedtype Output
  /// Starts consuming the input's events and returns the outputs to observe.
  func transform(input: Input) -> Output
}

/// What a scene feeds into its view model: the user's actions from the view and the
/// lifecycle from the controller that hosts it.
public protocol InputType: Sendable {
  /// The user's actions, named after what the user did.
  associatedtype FromView: Sendable
  /// The hosting controller's events (appeared, dismissed).
  associatedtype FromController: Sendable
  /// The user's actions, in the order they happened.
  var fromView: AsyncStream<FromView> { get }
  /// The controller's events, in the order they happened.
  var fromController: AsyncStream<FromController> { get }
  /// Bundles the two sources.
  init(fromView: AsyncStream<FromView>, fromController: AsyncStream<FromController>)
}

/// What the hosting controller reports about its scene.
public enum SceneLifecycle: Hashable, Sendable {
  /// The scene is shown (`viewDidAppear()`).
  case appeared
  /// The scene went away without the user choosing where to (`viewDidDismiss()`).
  case dismissed
}

/// The input of every scene here: its own view events plus the shared lifecycle.
public struct SceneInput<FromView: Sendable>: InputType {
  /// Every scene reports the same lifecycle.
  public typealias FromController = SceneLifecycle
  /// The user's actions.
  public let fromView: AsyncStream<FromView>
  /// The scene's lifecycle events.
  public let fromController: AsyncStream<SceneLifecycle>

  /// Bundles the two sources.
  public init(fromView: AsyncStream<FromView>, fromController: AsyncStream<SceneLifecycle>) {
    self.fromView = fromView
    self.fromController = fromController
  }
}

/// What `transform(input:)` returns: the outputs to render, the one task that consumes the
/// input, and how many events it handled.
///
/// The task handles one event at a time, in the order the events reach it, each to its
/// whole effect before the next. It holds the view model only while it handles an event,
/// and ends when both streams finish, when the view model is gone, or when it is cancelled.
public struct SceneOutput<Outputs> {
  /// What the view renders; observable.
  public let outputs: Outputs
  /// The consuming task: cancel it to stop early, await its value to know it ended.
  public let binding: Task<Void, Never>
  /// Emits, after each event from either stream has had its whole effect, how many events
  /// were handled so far (only the newest count is kept). A controller that reads the
  /// outputs after an event, as a line-mode terminal does, awaits its count here.
  public let handled: AsyncStream<Int>

  /// Pairs the outputs with the task that drives them and its count of handled events.
  public init(outputs: Outputs, binding: Task<Void, Never>, handled: AsyncStream<Int>) {
    self.outputs = outputs
    self.binding = binding
    self.handled = handled
  }
}

/// A scene's view model whose view events all go through one `handle(_:)`: the stream face
/// (`transform(input:)`, given here once for every scene) and any controller or test that
/// has events call it, and it sets or calls the same inputs a view sets and calls.
@MainActor
public protocol ViewEventHandling: SceneViewModelType, ViewModelType
where Input == SceneInput<ViewEvent>, Output == SceneOutput<Outputs> {
  /// The scene's view events, named after what the user did.
  associatedtype ViewEvent: Sendable
  /// What the scene's views render (the `…ViewModelOutputs` existential).
  associatedtype Outputs
  /// What the view renders.
  var outputs: Outputs { get }
  /// Call with each view event; returns once the outputs show its whole effect.
  func handle(_ event: ViewEvent) async
}

extension ViewEventHandling {
  /// Drives the scene from streams: each event goes through `handle(_:)`, each lifecycle
  /// event to `viewDidAppear()` or `viewDidDismiss()`.
  public func transform(input: SceneInput<ViewEvent>) -> SceneOutput<Outputs> {
    let (handled, count) = AsyncStream.makeStream(
      of: Int.self, bufferingPolicy: .bufferingNewest(1))
    let binding = bind(input, counting: count) { viewModel, event in await viewModel.handle(event) }
    return SceneOutput(outputs: outputs, binding: binding, handled: handled)
  }
}

/// An event from either stream, in arrival order, or the end of one stream.
private enum Arrival<Event: Sendable>: Sendable {
  case view(Event)
  case controller(SceneLifecycle)
  case ended
}

extension SceneViewModelType {
  /// Consumes `input` in one task: both streams are forwarded, as they arrive, into one
  /// queue that a single loop empties, so view and lifecycle events never interleave. The
  /// task is cancelled when the view model goes away.
  func bind<Event: Sendable>(
    _ input: SceneInput<Event>, counting handled: AsyncStream<Int>.Continuation,
    handle: @escaping @MainActor (Self, Event) async -> Void
  ) -> Task<Void, Never> {
    let binding = StreamBinding.start(input, for: self, counting: handled, handle: handle)
    (self as? BaseViewModel<NavigationStep>)?.keep(binding)
    return binding
  }
}

/// The loop behind every `transform(input:)`.
@MainActor
private enum StreamBinding {
  static func start<Model: SceneViewModelType, Event: Sendable>(
    _ input: SceneInput<Event>, for model: Model,
    counting handled: AsyncStream<Int>.Continuation,
    handle: @escaping @MainActor (Model, Event) async -> Void
  ) -> Task<Void, Never> {
    weak let weakModel = model
    return Task {
      let (arrivals, queue) = AsyncStream.makeStream(of: Arrival<Event>.self)
      // Child tasks of this one, on the main actor: each stream's events reach the queue
      // in the order they were sent, and cancelling this task ends both.
      async let _: Void = forward(input.fromView, into: queue) { .view($0) }
      async let _: Void = forward(input.fromController, into: queue) { .controller($0) }
      var openStreams = 2
      var count = 0
      for await arrival in arrivals {
        // Held only while one event is handled: a view model nobody shows is let go.
        guard let viewModel = weakModel else { break }
        switch arrival {
        case .view(let event): await handle(viewModel, event)
        case .controller(.appeared): await viewModel.lifecycle.viewDidAppear()
        case .controller(.dismissed): viewModel.lifecycle.viewDidDismiss()
        case .ended: openStreams -= 1
        }
        if case .ended = arrival {
          if openStreams == 0 { break }
        } else {
          count += 1
          handled.yield(count)
        }
      }
      // Leaving the scope cancels whichever forwarder still waits on an open stream; a
      // controller waiting for a count learns that none will come.
      handled.finish()
      queue.finish()
    }
  }

  private static func forward<Element: Sendable, Event: Sendable>(
    _ stream: AsyncStream<Element>, into queue: AsyncStream<Arrival<Event>>.Continuation,
    as arrival: (Element) -> Arrival<Event>
  ) async {
    for await element in stream { queue.yield(arrival(element)) }
    queue.yield(.ended)
  }
}
