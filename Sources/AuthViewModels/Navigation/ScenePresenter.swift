/// A front end: shows the scenes the coordinator asks for.
@MainActor
public protocol ScenePresenter {
  /// Shows a scene and returns when the coordinator may wait for its step.
  ///
  /// A line-mode front end runs the scene here, driving the view model until it has an
  /// `outcome`, and calls `viewDidDismiss()` when input ends so that a step always follows. A windowed front end may return as soon as the scene is
  /// on screen.
  func present(_ scene: AuthScene) async
}
