import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Sign-in view model")
struct SignInViewModelTests {
  let stub = AuthenticationUseCaseStub()
  let viewModel: SignInViewModel
  let history: OutputHistory<SignInViewModel, SignInSeen>

  init() {
    viewModel = SignInViewModel(authentication: stub)
    history = OutputHistory(viewModel, see: SignInSeen.of)
    history.record(during: stub.signInCall)
  }

  private let alice = Fields.username("alice")
  private let secret = Fields.password("open sesame")

  @Test("valid fields: enabled, loading on then off, signed-in step")
  func signsIn() async {
    await history.send(.usernameChanged("alice"), .passwordChanged("open sesame"), .signInTapped)

    #expect(
      history.values == [
        SignInSeen(),
        SignInSeen(username: alice),
        SignInSeen(username: alice, password: secret, enabled: true),
        SignInSeen(username: alice, password: secret, enabled: false, loading: true),
        SignInSeen(username: alice, password: secret, enabled: true),
      ])
    #expect(history.steps == [.userDidSignIn(SampleData.newSession)])
    #expect(stub.signInCall.requests == [SignInRequest(username: "alice", password: "open sesame")])
  }

  @Test("each invalid field shows its own message and keeps submit disabled")
  func invalidFields() async {
    await history.send(
      .usernameChanged(""), .usernameChanged("al"), .passwordChanged("x"), .passwordChanged(""))

    #expect(
      history.values == [
        SignInSeen(),
        SignInSeen(username: Fields.refused(StubRules.enterUsername)),
        SignInSeen(username: Fields.refused(StubRules.usernameTooShort)),
        SignInSeen(
          username: Fields.refused(StubRules.usernameTooShort), password: Fields.password("x")),
        SignInSeen(
          username: Fields.refused(StubRules.usernameTooShort),
          password: Fields.refused(StubRules.enterYourPassword)),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("a submit while invalid calls nothing and shows every field's reason")
  func submitWhileInvalid() async {
    await history.send(.usernameChanged("alice"), .signInTapped)

    #expect(
      history.values == [
        SignInSeen(),
        SignInSeen(username: alice),
        SignInSeen(username: alice, password: Fields.refused(StubRules.enterYourPassword)),
      ])
    #expect(stub.signInCall.requests.isEmpty)
    #expect(history.steps.isEmpty)
  }

  @Test("a refused sign-in shows the one refusal whatever the use case's words; an edit clears it")
  func refused() async {
    stub.signInCall.answer(.success(.invalid(errorMessage: "Incorrect username or password")))

    await history.send(
      .usernameChanged("alice"), .passwordChanged("open sesame"), .signInTapped,
      .passwordChanged("open sesame!"))

    let message = AuthMessages.signInFailed
    #expect(
      history.values == [
        SignInSeen(),
        SignInSeen(username: alice),
        SignInSeen(username: alice, password: secret, enabled: true),
        SignInSeen(username: alice, password: secret, loading: true),
        SignInSeen(username: alice, password: secret, enabled: true, error: message),
        SignInSeen(username: alice, password: Fields.password("open sesame!"), enabled: true),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test(
    "a thrown error becomes a message",
    arguments: [
      (AuthError.store(.busy), "The database is busy; try again."),
      (AuthError.hashing(.outOfMemory), SceneMessages.unexpected),
    ])
  func thrown(error: AuthError, message: String) async {
    stub.signInCall.answer(.failure(error))

    await history.send(.usernameChanged("alice"), .passwordChanged("open sesame"), .signInTapped)

    #expect(
      history.values.last
        == SignInSeen(username: alice, password: secret, enabled: true, error: message))
    #expect(history.steps.isEmpty)
  }

  @Test("asking to sign up instead, and leaving, are steps")
  func otherSteps() async {
    await history.send(.signUpTapped)
    await history.send(lifecycle: .dismissed)

    #expect(history.steps == [.userIntendsToSignUp, .userIntendsToGoBack])
    #expect(history.values == [SignInSeen(), SignInSeen(), SignInSeen()])
  }
}
