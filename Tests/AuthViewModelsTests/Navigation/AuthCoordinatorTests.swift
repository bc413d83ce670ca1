import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Coordinator")
struct AuthCoordinatorTests {
  let stubs = StubUseCases()
  var useCases: AuthUseCases { stubs.useCases }
  var sessions: SessionUseCaseStub { stubs.sessions }
  let phrase = "correct horse battery"

  @Test("the whole flow: each step shows its own scene, and the token follows sign-in and out")
  func wholeFlow() async {
    let presenter = RecordingPresenter(
      Play.signsUp("alice", phrase) + [
        Play.account(.changePasswordTapped),
        Play.changePassword(
          .currentPasswordChanged(phrase), .newPasswordChanged("a brand new long passphrase"),
          .confirmationChanged("a brand new long passphrase"), .changeTapped),
        Play.account(.sessionsTapped),
        Play.sessions(.revokeTapped(SessionID(rawValue: 7)), .backTapped),
        Play.account(.signOutTapped),
        Play.authenticate(.signInTapped),
        Play.signIn(.signUpTapped),
        Play.signUp(.signInTapped),
        Play.signIn(.usernameChanged("alice"), .passwordChanged(phrase), .signInTapped),
        Play.account(.quitTapped),
      ])
    let coordinator = await presenter.runFlow(over: useCases)
    let tokens = presenter.tokens

    #expect(
      presenter.routes == [
        .start, .signUp, .account, .changePassword, .account, .sessions, .account,
        .authenticate(notice: "Signed out."), .signIn, .signUp, .signIn, .account,
      ])
    #expect(coordinator.presented == presenter.routes)
    #expect(presenter.notices == [nil, "Signed out."])
    #expect(tokens == [SampleData.token, nil, SampleData.token])
    #expect(coordinator.token == SampleData.token)
    #expect(sessions.revokeSessionCall.requests == [SessionID(rawValue: 7)])
    #expect(sessions.signOutCall.requests == [SampleData.token])
    #expect(stubs.changePassword.changePasswordCall.requests.map(\.token) == [SampleData.token])
  }

  @Test("starting with a token shows the account; quitting there ends the flow")
  func startsSignedIn() async {
    let presenter = RecordingPresenter([Play.account(.quitTapped)])
    let token = SessionToken(rawValue: "kept")
    let coordinator = await presenter.runFlow(over: useCases, token: token)

    #expect(presenter.routes == [.account])
    #expect(sessions.currentSessionCall.requests == [token])
    #expect(coordinator.token == token)
  }

  @Test("a dead stored token leads to the start, with a notice, and is forgotten")
  func deadToken() async {
    sessions.currentSessionCall.answer(.failure(AuthError.notSignedIn))
    let presenter = RecordingPresenter([Play.authenticate(.quitTapped)])
    let coordinator = await presenter.runFlow(
      over: useCases, token: SessionToken(rawValue: "dead"))

    #expect(
      presenter.routes == [
        .account, .authenticate(notice: "Your session has ended; sign in again."),
      ])
    #expect(presenter.notices == ["Your session has ended; sign in again."])
    #expect(presenter.tokens == [nil])
    #expect(coordinator.token == nil)
  }

  @Test("sign-out everywhere returns to the start")
  func signOutEverywhere() async {
    let presenter = RecordingPresenter([Play.account(.signOutEverywhereTapped)])
    await presenter.runFlow(over: useCases, token: SampleData.token)

    #expect(presenter.routes == [.account, .authenticate(notice: "Signed out.")])
    #expect(sessions.signOutEverywhereCall.requests == [SampleData.token])
  }

  @Test("end of input dismisses each scene back to the start, which quits")
  func endOfInput() async {
    let presenter = RecordingPresenter([Play.authenticate(.signInTapped)])
    await presenter.runFlow(over: useCases)

    #expect(presenter.routes == [.start, .signIn, .start])
  }

  @Test("a password change leads back to the account; back from sessions too")
  func backToAccount() async {
    let presenter = RecordingPresenter([
      Play.account(.sessionsTapped),
      Play.sessions(.backTapped),
      Play.account(.changePasswordTapped),
      Play.changePassword(.backTapped),
      Play.account(.quitTapped),
    ])
    await presenter.runFlow(over: useCases, token: SampleData.token)

    #expect(presenter.routes == [.account, .sessions, .account, .changePassword, .account])
  }

  @Test("cancelling the flow's task while it waits for a step ends it")
  func cancelled() async {
    let presenter = WindowedPresenter()
    let coordinator = AuthCoordinator(useCases: useCases, presenter: presenter)
    let flow = Task { await coordinator.start() }
    flow.cancel()
    await flow.value
    #expect(coordinator.presented == [.start])
  }
}

/// A front end that only puts the scene on screen and returns at once.
@MainActor
private final class WindowedPresenter: ScenePresenter {
  func present(_ scene: AuthScene) async {}
}
