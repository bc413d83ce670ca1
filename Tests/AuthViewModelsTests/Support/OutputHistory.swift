import AuthViewModelPreviews
import AuthViewModels

/// Every state a scene was seen in, oldest first: as it started, then each time it is noted.
///
/// A view model runs on the main actor and changes its outputs only between suspension
/// points; each input returns once fully handled, and the stubs' `whileRunning` hooks note
/// the outputs while a use case is in flight (`record(during:)`). So the states recorded
/// are every state a view on the main actor could ever render, in order, with no waiting.
@MainActor
class SeenHistory<Seen> {
  private let see: @MainActor () -> Seen
  private(set) var values: [Seen]

  init(see: @escaping @MainActor () -> Seen) {
    self.see = see
    values = [see()]
  }

  /// Notes the outputs as they are now.
  func record() { values.append(see()) }

  /// Notes the outputs inside every call of `call`, while the view model waits for it.
  func record<Request, Answer>(during call: ScriptedCall<Request, Answer>) {
    call.whileRunning { [self] _ in await record() }
  }
}

/// Drives a view model and keeps every state its outputs were seen in.
@MainActor
final class OutputHistory<ViewModel: ViewEventHandling, Seen: Equatable>: SeenHistory<Seen> {
  let viewModel: ViewModel

  init(_ viewModel: ViewModel, see: @escaping (ViewModel) -> Seen) {
    self.viewModel = viewModel
    super.init { see(viewModel) }
  }

  /// Applies events one by one, noting the outputs after each.
  func send(_ events: ViewModel.ViewEvent...) async {
    for event in events {
      await viewModel.handle(event)
      record()
    }
  }

  /// Reports a lifecycle event and notes the outputs after it.
  func send(lifecycle event: SceneLifecycle) async {
    await viewModel.apply(event)
    record()
  }

  /// The steps emitted so far.
  var steps: [ViewModel.NavigationStep] { viewModel.navigator.history }
}

extension SceneViewModelType {
  /// Calls the lifecycle input the event names.
  func apply(_ event: SceneLifecycle) async {
    switch event {
    case .appeared: await lifecycle.viewDidAppear()
    case .dismissed: lifecycle.viewDidDismiss()
    }
  }
}

/// Drives a view model (appearing first, by default) and hands back the step it ended with.
@MainActor
func run<ViewModel: ViewEventHandling>(
  _ viewModel: ViewModel, appearing: Bool = true, _ events: ViewModel.ViewEvent...
) async -> ViewModel.NavigationStep? {
  if appearing { await viewModel.lifecycle.viewDidAppear() }
  for event in events { await viewModel.handle(event) }
  return viewModel.outcome
}
