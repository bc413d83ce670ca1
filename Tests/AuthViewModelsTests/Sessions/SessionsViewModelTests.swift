import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Sessions view model")
struct SessionsViewModelTests {
  let stub = SessionUseCaseStub()
  let token = SessionToken(rawValue: "sessions-token")
  let viewModel: SessionsViewModel
  let history: OutputHistory<SessionsViewModel, SessionsSeen>

  init() {
    viewModel = SessionsViewModel(token: token, sessions: stub)
    history = OutputHistory(viewModel, see: SessionsSeen.of)
    history.record(during: stub.listSessionsCall)
    history.record(during: stub.revokeSessionCall)
  }

  private let all = SampleData.summaries
  private var withoutSeven: [SessionSummary] { all.filter { $0.session.id.rawValue != 7 } }
  private let seven = SessionID(rawValue: 7)

  @Test("appearing lists the sessions with the current one marked")
  func lists() async {
    await history.send(lifecycle: .appeared)

    #expect(
      history.values == [
        SessionsSeen(), SessionsSeen(loading: true), SessionsSeen(sessions: all),
      ])
    #expect(history.values.last?.sessions.filter(\.isCurrent).map(\.session.id.rawValue) == [10])
    #expect(stub.listSessionsCall.requests == [token])
  }

  @Test("revoking one ends it, then the list is loaded again")
  func revokes() async {
    stub.listSessionsCall.answers = [.success(all), .success(withoutSeven)]

    await history.send(lifecycle: .appeared)
    await history.send(.revokeTapped(seven))

    #expect(
      Array(history.values.dropFirst(3)) == [
        SessionsSeen(sessions: all, loading: true),
        SessionsSeen(sessions: all, revoked: seven, loading: true),
        SessionsSeen(sessions: withoutSeven, revoked: seven),
      ])
    #expect(stub.revokeSessionCall.requests == [seven])
    #expect(stub.listSessionsCall.requests.count == 2)
  }

  @Test("revoking an id not the user's shows why and reloads the list")
  func revokeRefused() async {
    stub.revokeSessionCall.answer(.failure(AuthError.sessionNotFound))

    await history.send(.revokeTapped(SessionID(rawValue: 99)))

    let message = SceneMessages.sessionNotFound
    #expect(
      history.values == [
        SessionsSeen(), SessionsSeen(loading: true), SessionsSeen(loading: true, error: message),
        SessionsSeen(sessions: all, error: message),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("a list that says the session is over steps to not signed in")
  func deadToken() async {
    stub.listSessionsCall.answer(.failure(AuthError.notSignedIn))

    await history.send(lifecycle: .appeared)

    #expect(history.values.last == SessionsSeen(error: SceneMessages.sessionEnded))
    #expect(viewModel.outputs.failure == .sessionEnded)
    #expect(history.steps == [.userIsNotSignedIn])
  }

  @Test("revoking with a dead token steps without listing again")
  func revokeDeadToken() async {
    stub.revokeSessionCall.answer(.failure(AuthError.notSignedIn))

    await history.send(.revokeTapped(seven))

    #expect(history.steps == [.userIsNotSignedIn])
    #expect(stub.listSessionsCall.requests.isEmpty)
  }

  @Test("refresh reloads; a busy database is a message")
  func refreshBusy() async {
    stub.listSessionsCall.answers = [.success(all), .failure(.store(.busy))]

    await history.send(.refreshTapped, .refreshTapped)

    #expect(history.values.last == SessionsSeen(error: SceneMessages.busy))
    #expect(stub.listSessionsCall.requests.count == 2)
  }

  @Test("back and leaving are steps back")
  func back() async {
    await history.send(.backTapped)
    await history.send(lifecycle: .dismissed)
    #expect(history.steps == [.userIntendsToGoBack, .userIntendsToGoBack])
  }
}
