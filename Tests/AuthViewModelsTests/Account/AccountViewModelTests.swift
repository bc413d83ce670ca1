import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Account view model")
struct AccountViewModelTests {
  let stub = SessionUseCaseStub()
  let token = SessionToken(rawValue: "account-token")
  let viewModel: AccountViewModel
  let history: OutputHistory<AccountViewModel, AccountSeen>

  init() {
    viewModel = AccountViewModel(token: token, sessions: stub)
    history = OutputHistory(viewModel, see: AccountSeen.of)
    history.record(during: stub.currentSessionCall)
    history.record(during: stub.signOutCall)
    history.record(during: stub.signOutEverywhereCall)
  }

  private var loaded: AccountSeen {
    let session = SampleData.authenticated.session
    return AccountSeen(
      username: "alice", sessionID: session.id, signedInAt: session.createdAt,
      expiresAt: session.expiresAt)
  }

  @Test("appearing loads who is signed in, since when, until when")
  func loads() async {
    await history.send(lifecycle: .appeared)

    #expect(history.values == [AccountSeen(), AccountSeen(loading: true), loaded])
    #expect(stub.currentSessionCall.requests == [token])
    #expect(history.steps.isEmpty)
  }

  @Test("a dead token shows the session ended and steps to not signed in")
  func deadToken() async {
    stub.currentSessionCall.answer(.failure(AuthError.notSignedIn))

    await history.send(lifecycle: .appeared)

    #expect(
      history.values == [
        AccountSeen(), AccountSeen(loading: true), AccountSeen(error: SceneMessages.sessionEnded),
      ])
    #expect(viewModel.outputs.failure == .sessionEnded)
    #expect(history.steps == [.userIsNotSignedIn])
  }

  @Test("a busy database while loading is a message")
  func busyLoading() async {
    stub.currentSessionCall.answer(.failure(.store(.busy)))

    await history.send(lifecycle: .appeared)

    #expect(history.values.last == AccountSeen(error: SceneMessages.busy))
    #expect(history.steps.isEmpty)
  }

  @Test(
    "navigation choices are steps",
    arguments: [
      (AccountViewEvent.sessionsTapped, AccountStep.userIntendsToSeeSessions),
      (.changePasswordTapped, .userIntendsToChangePassword),
      (.quitTapped, .userIntendsToQuit),
    ])
  func choices(action: AccountViewEvent, step: AccountStep) async {
    await history.send(action)
    #expect(history.steps == [step])
    #expect(stub.signOutCall.requests.isEmpty)
  }

  @Test("sign-out runs the use case with the token, then steps to signed out")
  func signsOut() async {
    await history.send(lifecycle: .appeared)
    await history.send(.signOutTapped)

    var loading = loaded
    loading.loading = true
    #expect(Array(history.values.suffix(2)) == [loading, loaded])
    #expect(stub.signOutCall.requests == [token])
    #expect(history.steps == [.userDidSignOut])
  }

  @Test("sign-out of a session already over still ends signed out")
  func signOutAlreadyOver() async {
    stub.signOutCall.answer(.failure(AuthError.notSignedIn))
    await history.send(.signOutTapped)
    #expect(history.steps == [.userDidSignOut])
    #expect(history.values.last == AccountSeen())
  }

  @Test("a busy database at sign-out is a message and no step")
  func signOutBusy() async {
    stub.signOutCall.answer(.failure(.store(.busy)))
    await history.send(.signOutTapped)
    #expect(
      history.values == [
        AccountSeen(), AccountSeen(loading: true), AccountSeen(error: SceneMessages.busy),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("sign-out everywhere shows how many sessions ended, then steps")
  func signsOutEverywhere() async {
    await history.send(.signOutEverywhereTapped)

    #expect(history.values == [AccountSeen(), AccountSeen(loading: true), AccountSeen(ended: 3)])
    #expect(stub.signOutEverywhereCall.requests == [token])
    #expect(history.steps == [.userDidSignOut])
  }

  @Test("leaving the scene quits, staying signed in")
  func dismissed() async {
    await history.send(lifecycle: .dismissed)
    #expect(history.steps == [.userIntendsToQuit])
    #expect(stub.signOutCall.requests.isEmpty)
  }
}
