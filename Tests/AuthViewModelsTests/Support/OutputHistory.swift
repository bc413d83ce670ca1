import AuthViewModels

/// Drives a view model and keeps every state its outputs were seen in.
///
/// The view model runs on the main actor and changes its outputs only between
/// suspension points; `send` returns once an event is fully handled, and the
/// stubs' `whileRunning` hooks call `record()` while a use case is in flight.
/// So the states recorded here are every state a view on the main actor could
/// ever render, in order, with no waiting.
@MainActor
final class OutputHistory<ViewModel: ViewModelType, Seen: Equatable> {
  let viewModel: ViewModel
  private let see: (ViewModel.Output) -> Seen
  private(set) var values: [Seen]

  init(_ viewModel: ViewModel, see: @escaping (ViewModel.Output) -> Seen) {
    self.viewModel = viewModel
    self.see = see
    values = [see(viewModel.output)]
  }

  /// Notes the outputs as they are now.
  func record() { values.append(see(viewModel.output)) }

  /// Sends actions one by one, noting the outputs after each.
  func send(_ actions: ViewModel.Input.FromView...) async {
    for action in actions {
      await viewModel.send(action)
      record()
    }
  }

  /// Sends a lifecycle event and notes the outputs after it.
  func send(lifecycle event: SceneLifecycle) async {
    await viewModel.send(lifecycle: event)
    record()
  }

  /// The steps emitted so far.
  var steps: [AuthStep] { viewModel.navigator.history }
}
