/// A scene the coordinator asks a front end to show: which one, its view model, and how
/// its steps are routed.
@MainActor
public struct AuthScene {
  /// Which scene this is.
  public let route: AuthRoute
  /// The scene's view model; a front end finds the view for it by its type.
  public let viewModel: any SceneViewModelType
  private let nextTransition: @MainActor () async -> AuthTransition?

  /// Pairs a view model with the routing of its own steps.
  public init<ViewModel: SceneViewModelType>(
    _ route: AuthRoute, _ viewModel: ViewModel,
    routing: @escaping @MainActor (ViewModel.NavigationStep) -> AuthTransition
  ) {
    self.route = route
    self.viewModel = viewModel
    nextTransition = { await viewModel.navigator.next().map(routing) }
  }

  /// Waits for the scene's next step and says where it leads; `nil` when cancelled.
  public func next() async -> AuthTransition? { await nextTransition() }
}
