import AuthCore
import AuthTestSupport
import AuthViewModelPreviews
import AuthViewModels
import Testing

@MainActor
@Suite("Sign-up view model")
struct SignUpViewModelTests {
  let stub = SignUpUseCaseStub()
  let viewModel: SignUpViewModel
  let history: OutputHistory<SignUpViewModel, SignUpSeen>

  init() {
    viewModel = SignUpViewModel(signUp: stub)
    history = OutputHistory(viewModel, see: SignUpSeen.of)
    history.record(during: stub.signUpCall)
  }

  private let alice = Fields.username("alice")
  private let phrase = "correct horse battery"
  private var good: Validation<Password> { Fields.password(phrase) }

  private func fillInAndSubmit() async {
    await history.send(
      .usernameChanged("alice"), .passwordChanged(phrase), .confirmationChanged(phrase),
      .signUpTapped)
  }

  @Test("valid fields: enabled, loading on then off, signed-up step")
  func signsUp() async {
    await history.send(
      .usernameChanged("alice"), .passwordChanged(phrase), .confirmationChanged(phrase),
      .signUpTapped)

    #expect(
      history.values == [
        SignUpSeen(),
        SignUpSeen(username: alice),
        SignUpSeen(username: alice, password: good),
        SignUpSeen(username: alice, password: good, confirmation: good, enabled: true),
        SignUpSeen(username: alice, password: good, confirmation: good, loading: true),
        SignUpSeen(username: alice, password: good, confirmation: good, enabled: true),
      ])
    #expect(history.steps == [.userDidSignUp(SampleData.newSession)])
    #expect(
      stub.signUpCall.requests == [
        SignUpRequest(username: "alice", password: phrase, confirmation: phrase)
      ])
  }

  @Test("each invalid field shows its reason: short, too common, contains the username, mismatch")
  func invalidFields() async {
    await history.send(
      .usernameChanged("alice"), .passwordChanged("short"), .passwordChanged("passwordpassword"),
      .passwordChanged("alice-in-wonderland"), .passwordChanged(phrase),
      .confirmationChanged("correct horse"))

    #expect(
      history.values == [
        SignUpSeen(),
        SignUpSeen(username: alice),
        SignUpSeen(username: alice, password: Fields.refused(StubRules.passwordTooShort)),
        SignUpSeen(username: alice, password: Fields.refused(StubRules.passwordTooCommon)),
        SignUpSeen(username: alice, password: Fields.refused(StubRules.passwordContainsUsername)),
        SignUpSeen(username: alice, password: good),
        SignUpSeen(
          username: alice, password: good,
          confirmation: Fields.refused(StubRules.passwordsDoNotMatch)),
      ])
    #expect(history.steps.isEmpty)
  }

  @Test("a submit while invalid calls nothing and shows every field's reason")
  func submitWhileInvalid() async {
    await history.send(.usernameChanged("al"), .signUpTapped)

    #expect(
      history.values == [
        SignUpSeen(),
        SignUpSeen(username: Fields.refused(StubRules.usernameTooShort)),
        SignUpSeen(
          username: Fields.refused(StubRules.usernameTooShort),
          password: Fields.refused(StubRules.enterPassword),
          confirmation: Fields.refused(StubRules.confirmPassword)),
      ])
    #expect(stub.signUpCall.requests.isEmpty)
  }

  @Test("username taken: shown on the username field until the username changes")
  func usernameTaken() async {
    let taken = SignUpValidation(
      username: .invalid(errorMessage: "This username is taken"), password: good,
      confirmation: good)
    stub.signUpCall.answers = [
      .success(.invalid(taken)), .success(.signedUp(SampleData.newSession)),
    ]

    await history.send(
      .usernameChanged("alice"), .passwordChanged(phrase), .confirmationChanged(phrase),
      .signUpTapped, .passwordChanged(phrase), .usernameChanged("alice2"), .signUpTapped)

    let refused: Validation<Username> = Fields.refused("This username is taken")
    let alice2 = Fields.username("alice2")
    #expect(
      Array(history.values.dropFirst(4)) == [
        SignUpSeen(username: alice, password: good, confirmation: good, loading: true),
        SignUpSeen(username: refused, password: good, confirmation: good),
        SignUpSeen(username: refused, password: good, confirmation: good),
        SignUpSeen(username: alice2, password: good, confirmation: good, enabled: true),
        SignUpSeen(username: alice2, password: good, confirmation: good, loading: true),
        SignUpSeen(username: alice2, password: good, confirmation: good, enabled: true),
      ])
    #expect(history.steps == [.userDidSignUp(SampleData.newSession)])
    #expect(stub.signUpCall.requests.map(\.username) == ["alice", "alice2"])
  }

  /// A thrown username-taken is unexpected (the use case answers a taken name as a field); a
  /// busy database has its own message.
  @Test(
    "a thrown error becomes the failure's message, and the form stays enabled",
    arguments: [
      (
        AuthError.store(.usernameTaken),
        SignUpFailure.unexpected(UnexpectedFailure(AuthError.store(.usernameTaken))),
        SceneMessages.unexpected
      ),
      (AuthError.store(.busy), SignUpFailure.busy, SceneMessages.busy),
    ])
  func thrown(error: AuthError, failure: SignUpFailure, message: String) async {
    stub.signUpCall.answer(.failure(error))

    await fillInAndSubmit()

    #expect(
      history.values.last
        == SignUpSeen(
          username: alice, password: good, confirmation: good, enabled: true, error: message))
    #expect(viewModel.outputs.failure == failure)
    #expect(history.steps.isEmpty)
  }

  @Test("asking to sign in instead, and leaving, are steps")
  func otherSteps() async {
    await history.send(.signInTapped)
    await history.send(lifecycle: .dismissed)

    #expect(history.steps == [.userIntendsToSignIn, .userIntendsToGoBack])
  }
}
