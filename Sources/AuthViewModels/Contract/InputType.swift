/// What a scene feeds into its view model, as two sources of events: the user's
/// actions from the view and the lifecycle from the scene that hosts it.
public protocol InputType: Sendable {
  /// The user's actions, named after what the user did.
  associatedtype FromView: Sendable
  /// The hosting scene's events (appeared, dismissed).
  associatedtype FromController: Sendable
  /// The user's actions, in the order they happened.
  var fromView: AsyncStream<FromView> { get }
  /// The scene's lifecycle events, in the order they happened.
  var fromController: AsyncStream<FromController> { get }
  /// Bundles the two sources.
  init(fromView: AsyncStream<FromView>, fromController: AsyncStream<FromController>)
}

/// The input of every scene here: its own actions plus the shared lifecycle.
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
