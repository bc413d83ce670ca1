import AuthViewModels

/// A view model a test drives with a scene's view events, each applied to its `inputs`
/// (a property set or a method called) exactly as a view would.
@MainActor
protocol Drivable: SceneViewModelType {
  associatedtype Event: Sendable
  /// Sets or calls the input the event names; returns once the outputs show its effect.
  func drive(_ event: Event) async
}

/// Drives a view model and keeps every state its outputs were seen in.
///
/// The view model runs on the main actor and changes its outputs only between
/// suspension points; each input returns once fully handled, and the stubs'
/// `whileRunning` hooks call `record()` while a use case is in flight. So the states
/// recorded here are every state a view on the main actor could ever render, in
/// order, with no waiting.
@MainActor
final class OutputHistory<ViewModel: Drivable, Seen: Equatable> {
  let viewModel: ViewModel
  private let see: (ViewModel) -> Seen
  private(set) var values: [Seen]

  init(_ viewModel: ViewModel, see: @escaping (ViewModel) -> Seen) {
    self.viewModel = viewModel
    self.see = see
    values = [see(viewModel)]
  }

  /// Notes the outputs as they are now.
  func record() { values.append(see(viewModel)) }

  /// Applies events one by one, noting the outputs after each.
  func send(_ events: ViewModel.Event...) async {
    for event in events {
      await viewModel.drive(event)
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
func run<ViewModel: Drivable>(
  _ viewModel: ViewModel, appearing: Bool = true, _ events: ViewModel.Event...
) async -> ViewModel.NavigationStep? {
  if appearing { await viewModel.lifecycle.viewDidAppear() }
  for event in events { await viewModel.drive(event) }
  return viewModel.navigator.pendingStep
}

extension AuthenticateViewModel: Drivable {
  func drive(_ event: AuthenticateViewEvent) async {
    switch event {
    case .signInTapped: inputs.signInTapped()
    case .signUpTapped: inputs.signUpTapped()
    case .quitTapped: inputs.quitTapped()
    }
  }
}

extension SignInViewModel: Drivable {
  func drive(_ event: SignInViewEvent) async {
    switch event {
    case .usernameChanged(let text): inputs.username = text
    case .passwordChanged(let text): inputs.password = text
    case .signInTapped: await inputs.signInTapped()
    case .signUpTapped: inputs.signUpTapped()
    }
  }
}

extension SignUpViewModel: Drivable {
  func drive(_ event: SignUpViewEvent) async {
    switch event {
    case .usernameChanged(let text): inputs.username = text
    case .passwordChanged(let text): inputs.password = text
    case .confirmationChanged(let text): inputs.confirmation = text
    case .signUpTapped: await inputs.signUpTapped()
    case .signInTapped: inputs.signInTapped()
    }
  }
}

extension AccountViewModel: Drivable {
  func drive(_ event: AccountViewEvent) async {
    switch event {
    case .sessionsTapped: inputs.sessionsTapped()
    case .changePasswordTapped: inputs.changePasswordTapped()
    case .signOutTapped: await inputs.signOutTapped()
    case .signOutEverywhereTapped: await inputs.signOutEverywhereTapped()
    case .quitTapped: inputs.quitTapped()
    }
  }
}

extension SessionsViewModel: Drivable {
  func drive(_ event: SessionsViewEvent) async {
    switch event {
    case .revokeTapped(let id): await inputs.revokeTapped(id)
    case .refreshTapped: await inputs.refreshTapped()
    case .backTapped: inputs.backTapped()
    }
  }
}

extension ChangePasswordViewModel: Drivable {
  func drive(_ event: ChangePasswordViewEvent) async {
    switch event {
    case .currentPasswordChanged(let text): inputs.currentPassword = text
    case .newPasswordChanged(let text): inputs.newPassword = text
    case .confirmationChanged(let text): inputs.confirmation = text
    case .changeTapped: await inputs.changeTapped()
    case .backTapped: inputs.backTapped()
    }
  }
}
