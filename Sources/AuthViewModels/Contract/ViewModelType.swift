import Observation

/// A view model: takes the user's actions and the scene's lifecycle as input,
/// shows observable outputs that never fail, and reports navigation as steps.
///
/// Two ways to drive one, with the same effect:
/// - `send(_:)` and `send(lifecycle:)` handle one event and return only once the
///   outputs show its whole effect (including any use-case call), which is what a
///   line-mode view and a test want;
/// - `transform(input:)` binds streams of events, for a front end that pushes them.
@MainActor
public protocol ViewModelType: AnyObject, Sendable {
  /// The events the scene feeds in.
  associatedtype Input: InputType where Input.FromController == SceneLifecycle
  /// The observable values the view renders.
  associatedtype Output: Observable & AnyObject

  /// The values the view shows; errors arrive here as text, never as failures.
  var output: Output { get }
  /// Where the view model reports what the user intends or did; only the
  /// coordinator decides what comes next.
  var navigator: Stepper<AuthStep> { get }

  /// Handles one user action; returns once the outputs show its whole effect.
  func send(_ action: Input.FromView) async
  /// Handles one lifecycle event; returns once the outputs show its whole effect.
  func send(lifecycle event: SceneLifecycle) async
  /// Starts handling the input's events in order and returns the outputs to observe.
  func transform(input: Input) -> Output
}

extension ViewModelType {
  /// Handles each stream's events in order, one at a time, until the stream finishes.
  public func transform(input: Input) -> Output {
    Task { [self] in
      for await action in input.fromView { await send(action) }
    }
    Task { [self] in
      for await event in input.fromController { await send(lifecycle: event) }
    }
    return output
  }
}
