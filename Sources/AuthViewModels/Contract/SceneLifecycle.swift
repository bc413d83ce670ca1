/// What the scene hosting a view model reports about itself.
public enum SceneLifecycle: Hashable, Sendable {
  /// Call when the scene is shown; view models load what they display here.
  case appeared
  /// Call when the scene goes away without the user choosing where to
  /// (end of input, window closed); the view model answers with a step that leaves.
  case dismissed
}
