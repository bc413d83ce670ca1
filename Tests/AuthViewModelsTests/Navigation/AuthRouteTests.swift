import AuthCore
import AuthTestSupport
import AuthViewModels
import Testing

@Suite("Routing steps to scenes")
struct AuthRouteTests {
  @Test(
    "each step leads to its own scene",
    arguments: [
      (AuthStep.userIntendsToSignIn, false, AuthRoute?.some(.signIn)),
      (.userIntendsToSignUp, false, .signUp),
      (.userIntendsToQuit, false, nil),
      (.userIntendsToQuit, true, nil),
      (.userIntendsToGoBack, false, .authenticate),
      (.userIntendsToGoBack, true, .account),
      (.userDidSignIn(SampleData.newSession), true, .account),
      (.userDidSignUp(SampleData.newSession), true, .account),
      (.userIntendsToSeeSessions, true, .sessions),
      (.userIntendsToSeeSessions, false, .authenticate),
      (.userIntendsToChangePassword, true, .changePassword),
      (.userIntendsToChangePassword, false, .authenticate),
      (.userDidChangePassword(endedSessions: 1), true, .account),
      (.userDidSignOut, false, .authenticate),
      (.userIsNotSignedIn, false, .authenticate),
    ])
  func route(step: AuthStep, isSignedIn: Bool, expected: AuthRoute?) {
    #expect(AuthRoute.after(step, isSignedIn: isSignedIn) == expected)
  }
}
