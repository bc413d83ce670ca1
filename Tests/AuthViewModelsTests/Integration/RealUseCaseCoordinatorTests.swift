import AuthCore
import AuthViewModels
import Testing

/// The coordinator running the flow on the real use cases and SQLite.
@MainActor
@Suite("Coordinator on the real use cases")
struct RealUseCaseCoordinatorTests {
  @Test("sign up, see sessions, sign out, sign in again, quit")
  func flow() async throws {
    let phrase = "correct horse battery staple"
    let presenter = RecordingPresenter(
      Play.signsUp("bob", phrase) + [
        Play.account(.sessionsTapped),
        Play.sessions(.backTapped),
        Play.account(.signOutTapped),
        Play.authenticate(.signInTapped),
        Play.signIn(.usernameChanged("bob"), .passwordChanged(phrase), .signInTapped),
        Play.account(.quitTapped),
      ])
    let coordinator = await presenter.runFlow(over: try RealUseCases().useCases)
    let tokens = presenter.tokens

    #expect(
      presenter.routes == [
        .start, .signUp, .account, .sessions, .account, .authenticate(notice: "Signed out."),
        .signIn, .account,
      ])
    #expect(tokens.map { $0 != nil } == [true, false, true])
    #expect(tokens.first != tokens.last)
    #expect(coordinator.token == tokens.last)
  }

  @Test("a new token the front end cannot keep: the session is ended and the flow stops")
  func tokenNotKept() async throws {
    let phrase = "correct horse battery staple"
    let presenter = RecordingPresenter(Play.signsUp("bob", phrase))
    let useCases = try RealUseCases().useCases
    var offered: [SessionToken?] = []
    let coordinator = AuthCoordinator(useCases: useCases, presenter: presenter) { token in
      offered.append(token)
      throw KeepFailure()
    }

    await coordinator.start()

    #expect(presenter.routes == [.start, .signUp])
    #expect(coordinator.tokenNotKept is KeepFailure)
    #expect(coordinator.token == nil)
    let token = try #require(offered.first ?? nil)
    #expect(offered.count == 1)
    // The session behind the token was ended: nothing can use it any more.
    await #expect(throws: AuthError.notSignedIn) {
      try await useCases.sessions.currentSession(token: token)
    }
  }
}

/// A front end's failure to keep a token (a read-only folder, a full disk).
private struct KeepFailure: Error {}
