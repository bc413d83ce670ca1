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
    let presenter = RecordingPresenter([
      Play.authenticate(.signUpTapped),
      Play.signUp(
        .usernameChanged("bob"), .passwordChanged(phrase), .confirmationChanged(phrase),
        .signUpTapped),
      Play.account(.sessionsTapped),
      Play.sessions(.backTapped),
      Play.account(.signOutTapped),
      Play.authenticate(.signInTapped),
      Play.signIn(.usernameChanged("bob"), .passwordChanged(phrase), .signInTapped),
      Play.account(.quitTapped),
    ])
    var tokens: [SessionToken?] = []
    let coordinator = AuthCoordinator(useCases: try RealUseCases().useCases, presenter: presenter) {
      tokens.append($0)
    }

    await coordinator.start()

    #expect(
      presenter.routes == [
        .authenticate, .signUp, .account, .sessions, .account, .authenticate, .signIn, .account,
      ])
    #expect(tokens.map { $0 != nil } == [true, false, true])
    #expect(tokens.first != tokens.last)
    #expect(coordinator.token == tokens.last)
  }
}
