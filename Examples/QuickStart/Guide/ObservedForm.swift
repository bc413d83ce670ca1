// Rendering a view model's outputs again whenever what the render read changes, without
// SwiftUI (which does this itself): `withObservationTracking`, as Swift 6 accepts it.
import AuthViewModels
import Observation

/// Draws a sign-up form from its outputs, and draws it again after each change to anything
/// the last drawing read.
@MainActor
final class SignUpFormRenderer {
  private let viewModel: SignUpViewModel
  private let draw: @MainActor (String) -> Void
  /// The drawing that a change scheduled, until it has run (for a caller that must know).
  private(set) var pendingRender: Task<Void, Never>?

  init(viewModel: SignUpViewModel, draw: @escaping @MainActor (String) -> Void) {
    self.viewModel = viewModel
    self.draw = draw
    render()
  }

  private func render() {
    pendingRender = nil
    let outputs = viewModel.outputs
    let text = withObservationTracking {
      [
        outputs.usernameValidation?.errorMessage, outputs.passwordValidation?.errorMessage,
        outputs.confirmationValidation?.errorMessage, outputs.failure?.description,
        outputs.isSignUpEnabled ? "[Sign up]" : "(sign up)",
      ].compactMap { $0 }.joined(separator: "\n")
    } onChange: { [weak self] in
      // Called once, before the change is made, where it is made: view models change their
      // outputs only on the main actor. Draw on a later turn, once the change is in.
      MainActor.assumeIsolated { self?.scheduleRender() }
    }
    draw(text)
  }

  private func scheduleRender() {
    guard pendingRender == nil else { return }
    pendingRender = Task { self.render() }
  }
}
