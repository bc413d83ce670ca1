import Observation

/// What every view model owns: the navigator its scene's steps leave through.
///
/// Generic over the scene's own step enum, so a scene can emit only its own steps
/// (sign-in cannot report a password change) and the coordinator routes each enum whole.
@MainActor
open class BaseViewModel<NavigationStep: Sendable> {
  /// Emits the steps; the coordinator awaits them.
  public let navigator = Stepper<NavigationStep>()
  /// The tasks `transform(input:)` started; they end with the view model.
  private var bindings: [Task<Void, Never>] = []

  /// Starts with no step emitted.
  public init() {}

  /// Ends every binding still waiting on its streams: nobody shows this view model any more.
  isolated deinit {
    for binding in bindings { binding.cancel() }
  }

  /// Keeps a binding's task so that it ends with the view model.
  func keep(_ binding: Task<Void, Never>) {
    bindings.removeAll { $0.isCancelled }
    bindings.append(binding)
  }
}

/// The inputs every scene has: its lifecycle, reported by whatever hosts the view.
@MainActor
public protocol SceneLifecycleInputs: AnyObject {
  /// Call when the scene is shown; the view model loads what it displays. Returns once
  /// the outputs show the whole effect.
  func viewDidAppear() async
  /// Call when the scene goes away without the user choosing where to (end of input, a
  /// window closed); the view model answers with a step that leaves.
  func viewDidDismiss()
}

/// What a front end needs of any scene, whichever it is: the navigator to learn when the
/// scene is over, and the lifecycle to report. Each scene's `…ViewModelType` refines it.
@MainActor
public protocol SceneViewModelType: AnyObject, Observable {
  /// The scene's own steps.
  associatedtype NavigationStep: Sendable
  /// Where the scene reports what the user intends or did.
  var navigator: Stepper<NavigationStep> { get }
  /// The scene's lifecycle inputs (the view model itself).
  var lifecycle: any SceneLifecycleInputs { get }
}

extension SceneViewModelType {
  /// Whether the scene emitted a step nobody took yet: the scene is over.
  public var hasPendingStep: Bool { navigator.pendingStep != nil }

  /// The step that ended the scene, taken by the coordinator or not; `nil` while the user
  /// is still in it. Every input returns once its whole effect shows, so a front end that
  /// drives the scene itself (a script, a terminal) reads an input's outcome here, with the
  /// outputs, as soon as the input returned.
  public var outcome: NavigationStep? { navigator.history.first }
}

extension SceneViewModelType where Self: SceneLifecycleInputs {
  /// A view model that is its own inputs reports its lifecycle to itself.
  public var lifecycle: any SceneLifecycleInputs { self }
}
