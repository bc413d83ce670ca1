import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// Every step of every scene, through the route table, to where it leads.
@MainActor
@Suite("Routing each scene's steps")
struct AuthRouteTests {
  let stubs = StubUseCases()
  let session = SampleData.newSession

  /// Emits `step` from the view model of `route`'s scene and answers where it leads.
  func transition<ViewModel: SceneViewModelType>(
    _ route: AuthRoute, _ type: ViewModel.Type, _ step: ViewModel.NavigationStep,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async -> AuthTransition? {
    let scene = stubs.scene(of: route)
    #expect(scene.route == route, sourceLocation: sourceLocation)
    guard let viewModel = scene.viewModel as? ViewModel else {
      Issue.record("the \(route) scene has no \(type)", sourceLocation: sourceLocation)
      return nil
    }
    viewModel.navigator.emit(step)
    return await scene.next()
  }

  @Test func theStartLeadsToSignInSignUpOrOut() async {
    for step in [AuthenticateStep.userIntendsToSignIn, .userIntendsToSignUp, .userIntendsToQuit] {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToSignIn: .show(.signIn)
        case .userIntendsToSignUp: .show(.signUp)
        case .userIntendsToQuit: .quit
        }
      #expect(await transition(.start, AuthenticateViewModel.self, step) == expected)
    }
  }

  @Test func signInsSignUpLeadsToSignUp() async {
    let steps: [SignInStep] = [
      .userIntendsToSignUp, .userIntendsToGoBack, .userDidSignIn(session),
      .userDidPassPassword(challenge), .userDidPassExpiredPassword(newPasswordChallenge),
    ]
    for step in steps {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToSignUp: .show(.signUp)
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        case .userDidPassPassword(let challenge): .show(.secondFactor(challenge))
        case .userDidPassExpiredPassword(let challenge): .show(.newPassword(challenge))
        }
      #expect(await transition(.signIn, SignInViewModel.self, step) == expected)
    }
  }

  @Test func theSecondFactorLeadsToASessionOrBackHome() async {
    let steps: [SecondFactorStep] = [
      .userIntendsToGoBack, .userDidSignIn(session), .userDidPassCode(newPasswordChallenge),
    ]
    for step in steps {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        case .userDidPassCode(let challenge): .show(.newPassword(challenge))
        }
      #expect(
        await transition(.secondFactor(challenge), SecondFactorViewModel.self, step) == expected)
    }
  }

  @Test func theNewPasswordLeadsToASessionOrBackHome() async {
    for step in [NewPasswordStep.userIntendsToGoBack, .userDidSignIn(session)] {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToGoBack: .home
        case .userDidSignIn(let session): .startSession(session)
        }
      #expect(
        await transition(.newPassword(newPasswordChallenge), NewPasswordViewModel.self, step)
          == expected)
    }
  }

  private var challenge: SecondFactorChallenge { .sample(username: "ada") }
  private var newPasswordChallenge: NewPasswordChallenge { .sample(username: "ada") }

  @Test func signUpsSignInLeadsToSignIn() async {
    for step in [SignUpStep.userIntendsToSignIn, .userIntendsToGoBack, .userDidSignUp(session)] {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToSignIn: .show(.signIn)
        case .userIntendsToGoBack: .home
        case .userDidSignUp(let session): .startSession(session)
        }
      #expect(await transition(.signUp, SignUpViewModel.self, step) == expected)
    }
  }

  @Test func theAccountLeadsOnOutOrAway() async {
    let steps: [AccountStep] = [
      .userIntendsToSeeSessions, .userIntendsToChangePassword, .userIntendsToQuit,
      .userDidSignOut, .userIsNotSignedIn,
    ]
    for step in steps {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToSeeSessions: .show(.sessions)
        case .userIntendsToChangePassword: .show(.changePassword)
        case .userIntendsToQuit: .quit
        case .userDidSignOut: .endSession(notice: "Signed out.")
        case .userIsNotSignedIn: .endSession(notice: "Your session has ended; sign in again.")
        }
      #expect(await transition(.account, AccountViewModel.self, step) == expected)
    }
  }

  @Test func theSessionsLeadBackOrOut() async {
    for step in [SessionsStep.userIntendsToGoBack, .userIsNotSignedIn] {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToGoBack: .home
        case .userIsNotSignedIn: .endSession(notice: "Your session has ended; sign in again.")
        }
      #expect(await transition(.sessions, SessionsViewModel.self, step) == expected)
    }
  }

  @Test func thePasswordChangeLeadsBackOrOut() async {
    let steps: [ChangePasswordStep] = [
      .userIntendsToGoBack, .userDidChangePassword(endedSessions: 2), .userIsNotSignedIn,
    ]
    for step in steps {
      let expected: AuthTransition =
        switch step {
        case .userIntendsToGoBack, .userDidChangePassword: .home
        case .userIsNotSignedIn: .endSession(notice: "Your session has ended; sign in again.")
        }
      #expect(await transition(.changePassword, ChangePasswordViewModel.self, step) == expected)
    }
  }

  @Test(
    "each kind's example is a route of that kind, and shows that route's scene",
    arguments: AuthRoute.Kind.allCases)
  func everyKindHasItsRoute(kind: AuthRoute.Kind) {
    #expect(kind.example.kind == kind)
    #expect(stubs.scene(of: kind.example).route == kind.example)
  }

  @Test("a scene that needs a session is the start without one", arguments: AuthRoute.examples)
  func withoutASession(route: AuthRoute) {
    let scene = route.scene(using: stubs.useCases, token: nil)
    let needsSession = [AuthRoute.account, .sessions, .changePassword].contains(route)
    #expect(scene.route == (needsSession ? .start : route))
    if needsSession { #expect((scene.viewModel as? AuthenticateViewModel)?.notice == nil) }
  }

  @Test("the start's notice is its route's payload")
  func theNoticeIsThePayload() {
    let scene = AuthRoute.authenticate(notice: "n").scene(using: stubs.useCases, token: nil)
    #expect((scene.viewModel as? AuthenticateViewModel)?.notice == "n")
  }
}
