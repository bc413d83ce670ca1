/// A scene the coordinator asks a front end to show: which one, its view model, and how
/// its steps are routed.
@MainActor
public struct AuthScene {
  /// Which scene this is.
  public let route: AuthRoute
  /// The scene's view model, for what every scene has (its lifecycle, its navigator).
  public let viewModel: any SceneViewModelType
  /// The scene's view model with its own type: a front end switches over it to pick each
  /// scene's view, so a scene it has no view for does not compile.
  public let shown: Shown
  private let nextTransition: @MainActor () async -> AuthTransition?

  /// Pairs a view model with the case it is shown as and the routing of its own steps.
  public init<ViewModel: SceneViewModelType>(
    _ route: AuthRoute, _ viewModel: ViewModel, as shown: (ViewModel) -> Shown,
    routing: @escaping @MainActor (ViewModel.NavigationStep) -> AuthTransition
  ) {
    self.route = route
    self.viewModel = viewModel
    self.shown = shown(viewModel)
    nextTransition = { await viewModel.navigator.next().map(routing) }
  }

  /// Waits for the scene's next step and says where it leads; `nil` when cancelled.
  public func next() async -> AuthTransition? { await nextTransition() }
}
