import AuthCore
import AuthViewModelPreviews
import AuthViewModels
import Testing

/// The view models as an observing UI uses them: views generic over each scene's type,
/// rendered inside `withObservationTracking`, fields written through bindings. Each test
/// asserts the whole sequence of renders: one per change of something a view read, and
/// none for a change it did not read. A computed output is read through the inputs and state
/// behind it, so a view that reads it renders when one of those changes, even when the
/// output's value does not.
@MainActor
@Suite("Rendering under observation")
struct RenderTests {
  @Test("sign-in: typing re-renders the fields; a sign-in renders loading, then the refusal")
  func signIn() async {
    let stub = AuthenticationUseCaseStub(answer: .success(.invalid(errorMessage: "no")))
    let viewModel = SignInViewModel(authentication: stub)
    let view = SignInTestView(viewModel: viewModel)
    let host = ObservingHost(view)
    host.update(during: stub.signInCall)

    view.username.wrappedValue = "al"
    host.update()
    host.update()
    view.username.wrappedValue = "alice"
    view.password.wrappedValue = "open sesame"
    host.update()
    await viewModel.inputs.signInTapped()
    host.update()

    #expect(viewModel.username == "alice")
    #expect(
      host.renders == [
        "username []  | password []  | [Sign in (off)] | ",
        "username [al] stub: username too short | password []  | [Sign in (off)] | ",
        "username [alice]  | password [•••••••••••]  | [Sign in] | ",
        "username [alice]  | password [•••••••••••]  | Signing in… | ",
        "username [alice]  | password [•••••••••••]  | [Sign in] | "
          + AuthMessages.signInFailed,
      ])
  }

  @Test("a view that reads only the button renders when a field behind the button changes")
  func computedOutputs() {
    let viewModel = SignInViewModel(authentication: AuthenticationUseCaseStub())
    let host = ObservingHost(SignInButtonTestView(viewModel: viewModel))

    viewModel.inputs.username = "alice"  // behind the button, which stays off
    host.update()
    #expect(viewModel.outputs.usernameValidation != nil)
    viewModel.inputs.password = "open sesame"
    host.update()
    viewModel.inputs.password = "open sesame!"  // still enabled
    host.update()
    host.update()  // nothing changed since: no render
    viewModel.inputs.username = ""
    host.update()

    #expect(
      host.renders == [
        "[Sign in (off)]", "[Sign in (off)]", "[Sign in]", "[Sign in]", "[Sign in (off)]",
      ])
  }

  @Test("a view that reads only the loading state renders only when it changes, not per key")
  func unreadInputs() async {
    let stub = AuthenticationUseCaseStub(answer: .success(.invalid(errorMessage: "no")))
    let viewModel = SignInViewModel(authentication: stub)
    let host = ObservingHost(SignInLoadingTestView(viewModel: viewModel))
    host.update(during: stub.signInCall)

    viewModel.inputs.username = "alice"
    host.update()
    viewModel.inputs.password = "open sesame"
    host.update()
    await viewModel.inputs.signInTapped()  // loading on, then off with the refusal
    host.update()
    viewModel.inputs.password = "open sesame!"  // clears the refusal, which it does not read
    host.update()

    #expect(host.renders == ["idle", "Signing in…", "idle"])
  }

  @Test("sign-up: each field's check renders as typed; a taken name renders on submit")
  func signUp() async {
    let taken = SignUpValidation(
      username: .invalid(errorMessage: AuthMessages.usernameTaken),
      password: .valid(Password("open sesame 12345")),
      confirmation: .valid(Password("open sesame 12345")))
    let stub = SignUpUseCaseStub(answer: .success(.invalid(taken)))
    let viewModel = SignUpViewModel(signUp: stub)
    let view = SignUpTestView(viewModel: viewModel)
    let host = ObservingHost(view)

    view.username.wrappedValue = "alice"
    host.update()
    view.password.wrappedValue = "open sesame 12345"
    host.update()
    view.confirmation.wrappedValue = "open sesame"
    host.update()
    view.confirmation.wrappedValue = "open sesame 12345"
    host.update()
    await viewModel.inputs.signUpTapped()
    host.update()

    #expect(
      host.renders == [
        "- | - | - | [Create (off)] | ",
        "- | - | - | [Create (off)] | ",
        "- | - | - | [Create (off)] | ",
        "- | - | stub: passwords do not match | [Create (off)] | ",
        "- | - | - | [Create] | ",
        "This username is taken | - | - | [Create (off)] | ",
      ])
  }

  @Test("the start renders its notice once; choosing changes nothing it shows")
  func authenticate() {
    let viewModel = AuthenticateViewModel(notice: "Signed out.")
    let host = ObservingHost(AuthenticateTestView(viewModel: viewModel))
    viewModel.inputs.signInTapped()
    host.update()
    #expect(host.renders == ["Signed out. [Sign in] [Sign up] [Quit]"])
    #expect(viewModel.navigator.history == [.userIntendsToSignIn])
  }

  @Test("the second factor renders when the code turns submit on, checking, and a refusal")
  func secondFactor() async {
    let stub = AuthenticationUseCaseStub()
    stub.completeCall.answer(.success(.refused(.incorrectCode)))
    let viewModel = SecondFactorViewModel(
      challenge: .sample(username: "alice"), authentication: stub)
    let host = ObservingHost(SecondFactorTestView(viewModel: viewModel))
    host.update(during: stub.completeCall)
    viewModel.inputs.code = "1"
    host.update()
    viewModel.inputs.code = "12"
    host.update()
    await viewModel.inputs.verifyTapped()
    host.update()
    #expect(
      host.renders == [
        // "12" renders again: the view read `code` through `isVerifyEnabled`.
        "Code for alice [Verify (off)]", "Code for alice [Verify]", "Code for alice [Verify]",
        "Checking…",
        "Code for alice [Verify (off)] ! \(AuthMessages.incorrectCode)",
      ])
  }

  @Test("the new password renders as each field changes, storing, and an expired challenge")
  func newPassword() async {
    let stub = AuthenticationUseCaseStub()
    stub.newPasswordCall.answer(.success(.expired))
    let viewModel = NewPasswordViewModel(
      challenge: .sample(username: "alice"), authentication: stub)
    let host = ObservingHost(NewPasswordTestView(viewModel: viewModel))
    host.update(during: stub.newPasswordCall)
    viewModel.inputs.newPassword = SampleData.newPassword
    host.update()
    viewModel.inputs.confirmation = SampleData.newPassword
    host.update()
    await viewModel.inputs.chooseTapped()
    host.update()
    #expect(
      host.renders == [
        // Each field renders again: the view read both through `isChooseEnabled`.
        "New password for alice [Choose (off)]", "New password for alice [Choose (off)]",
        "New password for alice [Choose]", "Storing…",
        "New password for alice [Choose] ! \(AuthMessages.signInFailed)",
      ])
  }

  @Test("the account renders loading, the user, then loading and the sessions ended")
  func account() async {
    let sessions = SessionUseCaseStub()
    let viewModel = AccountViewModel(token: SampleData.token, sessions: sessions)
    let host = ObservingHost(AccountTestView(viewModel: viewModel))
    host.update(during: sessions.currentSessionCall)
    host.update(during: sessions.signOutEverywhereCall)

    await viewModel.inputs.viewDidAppear()
    host.update()
    await viewModel.inputs.signOutEverywhereTapped()
    host.update()

    #expect(
      host.renders == [
        "Signed in as ?", "Loading…", "Signed in as alice", "Loading…",
        "Signed in as alice, 3 sessions ended",
      ])
  }

  @Test("the sessions render loading, the list, and a revoke that was refused")
  func sessions() async {
    let sessions = SessionUseCaseStub()
    sessions.revokeSessionCall.answer(.failure(AuthError.sessionNotFound))
    let viewModel = SessionsViewModel(token: SampleData.token, sessions: sessions)
    let host = ObservingHost(SessionsTestView(viewModel: viewModel))
    host.update(during: sessions.listSessionsCall)

    await viewModel.inputs.viewDidAppear()
    host.update()
    await viewModel.inputs.revokeTapped(SessionID(rawValue: 99))
    host.update()

    #expect(
      host.renders == [
        "", "Loading… ", "10*,7,3", "Loading… 10*,7,3 ! \(SceneMessages.sessionNotFound)",
        "10*,7,3 ! \(SceneMessages.sessionNotFound)",
      ])
  }

  @Test("the password change renders the refusal of the current password, then clears it")
  func changePassword() async {
    let stub = ChangePasswordUseCaseStub(answer: .success(.refused(.incorrect)))
    let viewModel = ChangePasswordViewModel(
      token: SampleData.token, changePassword: stub, sessions: SessionUseCaseStub())
    let view = ChangePasswordTestView(viewModel: viewModel)
    await viewModel.inputs.viewDidAppear()
    let host = ObservingHost(view)

    view.current.wrappedValue = "old passphrase"
    view.new.wrappedValue = "a brand new long passphrase"
    view.confirmation.wrappedValue = "a brand new long passphrase"
    host.update()
    await viewModel.inputs.changeTapped()
    host.update()
    view.current.wrappedValue = "the right old passphrase"
    host.update()

    let incorrect = AuthMessages.currentPasswordIncorrect
    #expect(
      host.renders == [
        "- | - | - | [Change (off)] |  | ",
        "- | - | - | [Change] |  | ",
        "\(incorrect) | - | - | [Change (off)] |  | \(incorrect)",
        "- | - | - | [Change] |  | ",
      ])
  }
}
