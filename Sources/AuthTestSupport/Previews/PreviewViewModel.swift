import AuthViewModels
import Observation

/// A view model for any scene that shows outputs built in a given state and
/// records what it is sent, so a view can be rendered and driven with no use case.
@MainActor
public final class PreviewViewModel<Action: Sendable, Output: Observable & AnyObject>:
  BaseViewModel, ViewModelType
{
  /// The scene's actions and lifecycle.
  public typealias Input = SceneInput<Action>
  /// The outputs as given.
  public let output: Output
  /// Every action sent, oldest first.
  public private(set) var actions: [Action] = []
  /// Every lifecycle event sent, oldest first.
  public private(set) var lifecycle: [SceneLifecycle] = []
  private let stepAfter: (Action) -> AuthStep?

  /// Shows `output`; `stepAfter` says which step an action emits, if any
  /// (a dismissal always emits `.userIntendsToGoBack`).
  public init(output: Output, stepAfter: @escaping (Action) -> AuthStep? = { _ in nil }) {
    self.output = output
    self.stepAfter = stepAfter
    super.init()
  }

  /// Records the action and emits its scripted step.
  public func send(_ action: Action) async {
    actions.append(action)
    if let step = stepAfter(action) { navigator.emit(step) }
  }

  /// Records the event; a dismissal steps back.
  public func send(lifecycle event: SceneLifecycle) async {
    lifecycle.append(event)
    if event == .dismissed { navigator.emit(.userIntendsToGoBack) }
  }
}
