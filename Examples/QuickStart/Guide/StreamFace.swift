// Driving a scene through its stream face, `transform(input:)`, and knowing when the events
// sent so far have been handled: `handled` counts them, each after its whole effect.
import AuthCore
import AuthViewModels

/// Signs up through the streams, as a controller that forwards its fields' events would,
/// and answers the step that ended the scene.
@MainActor
func signUpThroughStreams(
  _ viewModel: SignUpViewModel, username: String, password: String
) async -> SignUpStep? {
  let (events, sendEvent) = AsyncStream.makeStream(of: SignUpViewEvent.self)
  let (lifecycle, sendLifecycle) = AsyncStream.makeStream(of: SceneLifecycle.self)
  let output = viewModel.transform(input: SceneInput(fromView: events, fromController: lifecycle))

  var sent = 0
  sendLifecycle.yield(.appeared)
  sent += 1
  for event: SignUpViewEvent in [
    .usernameChanged(username), .passwordChanged(password), .confirmationChanged(password),
    .signUpTapped,
  ] {
    sendEvent.yield(event)
    sent += 1
  }
  // `handled` keeps only the newest count: wait until it reaches what was sent. The sign-up
  // has then run to its end, and the outputs and `outcome` show it.
  for await count in output.handled where count >= sent { break }

  sendEvent.finish()
  sendLifecycle.finish()
  await output.binding.value  // the task ends once both streams have
  return viewModel.outcome
}
