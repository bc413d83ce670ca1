import AuthCore
import AuthTestSupport
import AuthViewModels
import Observation
import Testing

@MainActor
@Suite("transform(input:) and observation")
struct TransformTests {
  @Test("transform handles streamed actions in order; the step tells when they are done")
  func streams() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let (actions, actionInput) = AsyncStream.makeStream(of: SignInInputs.self)
    let (lifecycle, lifecycleInput) = AsyncStream.makeStream(of: SceneLifecycle.self)

    let output = viewModel.transform(
      input: SignInViewModel.Input(fromView: actions, fromController: lifecycle))
    actionInput.yield(.usernameChanged("alice"))
    actionInput.yield(.passwordChanged("open sesame"))
    actionInput.yield(.signInRequested)
    actionInput.finish()
    lifecycleInput.finish()

    #expect(await viewModel.navigator.next() == .userDidSignIn(SampleData.newSession))
    #expect(output === viewModel.output)
    #expect(output.usernameValidation == Username.validate("alice"))
    #expect(output.isLoading == false)
  }

  @Test("transform handles lifecycle events in order: appearing loads, leaving steps")
  func lifecycleStream() async {
    let sessions = SessionUseCaseStub()
    let viewModel = AccountViewModel(token: SampleData.token, sessions: sessions)
    let (actions, actionInput) = AsyncStream.makeStream(of: AccountInputs.self)
    let (lifecycle, lifecycleInput) = AsyncStream.makeStream(of: SceneLifecycle.self)

    let output = viewModel.transform(
      input: AccountViewModel.Input(fromView: actions, fromController: lifecycle))
    lifecycleInput.yield(.appeared)
    lifecycleInput.yield(.dismissed)
    lifecycleInput.finish()
    actionInput.finish()

    // Events are handled one at a time, so the step of the second means the first is done.
    #expect(await viewModel.navigator.next() == .userIntendsToQuit)
    #expect(output.username == SampleData.user.username)
    #expect(output.isLoading == false)
    #expect(sessions.currentSessionCall.requests == [SampleData.token])
  }

  @Test("outputs are observable: a sign-in changes what a view tracked")
  func observable() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    await viewModel.send(.usernameChanged("alice"))
    await viewModel.send(.passwordChanged("open sesame"))
    let changes = ChangeCount()

    withObservationTracking {
      _ = viewModel.output.isLoading
    } onChange: {
      MainActor.assumeIsolated { changes.count += 1 }
    }
    #expect(changes.count == 0)
    await viewModel.send(.signInRequested)
    #expect(changes.count == 1)
  }
}

@MainActor
private final class ChangeCount {
  var count = 0
}
