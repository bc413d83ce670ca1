import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// `transform(input:)`: the stream face drives the same inputs, one event at a time in
/// arrival order, in one task that ends with its streams and holds the view model only
/// while it handles an event.
@MainActor
@Suite("transform(input:)")
struct TransformTests {
  @Test("streamed events set the same inputs a view sets; the outputs are the view model")
  func streams() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let streams = SceneStreams(of: SignInViewEvent.self)

    let output = viewModel.transform(input: streams.input)
    streams.toView.yield(.usernameChanged("alice"))
    streams.toView.yield(.passwordChanged("open sesame"))
    streams.toView.yield(.signInTapped)
    streams.finish()
    await output.binding.value

    #expect(output.outputs === viewModel)
    #expect(viewModel.username == "alice")
    #expect(output.outputs.usernameValidation == Username.validate("alice"))
    #expect(output.outputs.isLoading == false)
    #expect(viewModel.navigator.history == [.userDidSignIn(SampleData.newSession)])
  }

  @Test("the count of handled events follows each event's whole effect, from either stream")
  func handledCount() async {
    let stub = AuthenticationUseCaseStub()
    let viewModel = SignInViewModel(authentication: stub)
    let streams = SceneStreams(of: SignInViewEvent.self)
    let output = viewModel.transform(input: streams.input)
    var seen: [String] = []

    streams.toController.yield(.appeared)
    for await count in output.handled where count >= 1 { break }
    streams.toView.yield(.usernameChanged("alice"))
    for await count in output.handled where count >= 2 { break }
    seen.append(viewModel.usernameValidation?.errorMessage ?? "valid")
    streams.toView.yield(.passwordChanged("open sesame"))
    streams.toView.yield(.signInTapped)
    for await count in output.handled where count >= 4 { break }
    seen.append("loading: \(viewModel.isLoading), stepped: \(viewModel.outcome != nil)")
    streams.finish()
    var rest: [Int] = []
    for await count in output.handled { rest.append(count) }

    #expect(seen == ["valid", "loading: false, stepped: true"])
    #expect(viewModel.outcome == .userDidSignIn(SampleData.newSession))
    #expect(stub.signInCall.requests.count == 1)
    #expect(rest.isEmpty)
  }

  // Events sent back to back on the two streams reach the binding in the order Swift resumes
  // the two waiting iterators, which AsyncStream does not fix; what the binding guarantees
  // is that both wait for the event in hand and each runs once, to its whole effect.
  @Test(
    "events from both streams wait for the one in hand, and each is handled once, whole",
    arguments: [true, false])
  func arrivalOrder(viewFirst: Bool) async {
    let sessions = SessionUseCaseStub()
    let viewModel = AccountViewModel(token: SampleData.token, sessions: sessions)
    let streams = SceneStreams(of: AccountViewEvent.self)
    // Both arrive while the load is in flight: neither may run until it is done.
    sessions.currentSessionCall.whileRunning { _ in
      if viewFirst {
        streams.toView.yield(.signOutTapped)
        streams.toController.yield(.dismissed)
      } else {
        streams.toController.yield(.dismissed)
        streams.toView.yield(.signOutTapped)
      }
      streams.finish()
    }

    let output = viewModel.transform(input: streams.input)
    streams.toController.yield(.appeared)
    await output.binding.value

    let history = viewModel.navigator.history
    #expect(history.count == 2)
    #expect(history.contains(.userDidSignOut) && history.contains(.userIntendsToQuit))
    // The sign-out ran after the load, not beside it (it would have been refused as busy).
    #expect(sessions.signOutCall.requests == [SampleData.token])
    #expect(viewModel.username == SampleData.user.username)
  }

  // A broken binding would wait forever: the limit turns a hang into a failure. It is
  // generous on purpose: the whole suite shares Swift's cooperative pool (one thread per
  // core, two here) with tests that wait on child processes, so on a loaded machine a
  // correct binding has waited over a minute for a thread.
  @Test("cancelling the binding ends it while its streams are still open", .timeLimit(.minutes(10)))
  func cancellation() async {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let streams = SceneStreams(of: SignInViewEvent.self)

    let output = viewModel.transform(input: streams.input)
    output.binding.cancel()
    await output.binding.value
    streams.toView.yield(.usernameChanged("alice"))

    #expect(output.binding.isCancelled)
    #expect(viewModel.username == "")
    #expect(viewModel.navigator.history.isEmpty)
  }

  @Test(
    "the binding does not keep the view model, and ends with it though its streams are open",
    .timeLimit(.minutes(10)))
  func release() async {
    weak var released: SignInViewModel?
    let streams = SceneStreams(of: SignInViewEvent.self)
    var binding: Task<Void, Never>?
    do {
      let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
      released = viewModel
      binding =
        viewModel.transform(input: streams.input)
        .binding
    }
    #expect(released == nil)

    await binding?.value
    #expect(binding?.isCancelled == true)
    streams.toView.yield(.usernameChanged("alice"))
  }

  @Test("a view model that was driven is released once its binding ended")
  func releasedAfterwards() async {
    weak var released: SessionsViewModel?
    do {
      let viewModel = SessionsViewModel(token: SampleData.token, sessions: SessionUseCaseStub())
      released = viewModel
      let streams = SceneStreams(of: SessionsViewEvent.self)
      let output = viewModel.transform(input: streams.input)
      streams.toController.yield(.appeared)
      streams.toView.yield(.revokeTapped(SessionID(rawValue: 7)))
      streams.toView.yield(.backTapped)
      streams.finish()
      await output.binding.value
      #expect(viewModel.revokedSession == SessionID(rawValue: 7))
      #expect(viewModel.navigator.history == [.userIntendsToGoBack])
    }
    #expect(released == nil)
  }
}
