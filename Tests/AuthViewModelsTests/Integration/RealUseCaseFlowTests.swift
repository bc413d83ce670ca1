import AuthCore
import AuthViewModels
import Testing

/// Every view model on the real use cases and SQLite, through inputs alone.
@MainActor
@Suite("View models on the real use cases")
struct RealUseCaseFlowTests {
  let phrase = "correct horse battery staple"
  let newPhrase = "a completely different passphrase"

  func signIn(_ factory: AuthUseCases, password: String) async -> SignInViewModel {
    let viewModel = factory.makeSignIn()
    _ = await run(
      viewModel, .usernameChanged("alice"), .passwordChanged(password), .signInTapped)
    return viewModel
  }

  @Test("sign up, sign out, sign in, list and revoke sessions, change the password")
  func wholeLife() async throws {
    let factory = try RealUseCases().useCases

    // Sign up; a second sign-up with the same name shows "taken" on the username.
    let signUp = factory.makeSignUp()
    let signedUp = await run(
      signUp, .usernameChanged("Alice"), .passwordChanged(phrase), .confirmationChanged(phrase),
      .signUpTapped)
    let firstToken = try #require(signedUp?.token)
    let again = factory.makeSignUp()
    _ = await run(
      again, .usernameChanged("alice"), .passwordChanged(phrase), .confirmationChanged(phrase),
      .signUpTapped)
    #expect(again.outputs.usernameValidation?.errorMessage == AuthMessages.usernameTaken)
    #expect(again.outcome == nil)

    // The account shows who; signing out ends the session for good.
    let account = factory.makeAccount(token: firstToken)
    #expect(await run(account, .signOutTapped) == .userDidSignOut)
    #expect(account.outputs.username == "alice")
    #expect(await run(factory.makeAccount(token: firstToken)) == .userIsNotSignedIn)

    // A wrong password is refused with the one message; the right one signs in.
    let refused = await signIn(factory, password: "not the passphrase at all")
    #expect(refused.outputs.failure?.description == AuthMessages.signInFailed)
    #expect(refused.outcome == nil)
    let laptopStep = await signIn(factory, password: phrase).outcome
    let laptop = try #require(laptopStep?.token)
    let phoneStep = await signIn(factory, password: phrase).outcome
    let phone = try #require(phoneStep?.token)

    // Two sessions, the asking one marked; revoking the other leaves one.
    let sessions = factory.makeSessions(token: phone)
    _ = await run(sessions)
    #expect(sessions.outputs.sessions.count == 2)
    let current = try #require(sessions.outputs.sessions.first { $0.isCurrent })
    let other = try #require(sessions.outputs.sessions.first { !$0.isCurrent })
    await sessions.handle(.revokeTapped(other.session.id))
    #expect(sessions.outputs.sessions.map(\.session.id) == [current.session.id])
    #expect(sessions.outputs.revokedSession == other.session.id)
    #expect(await run(factory.makeAccount(token: laptop)) == .userIsNotSignedIn)

    // A password change: the wrong current one is refused on its field, then it
    // changes and ends the one other session.
    let tabletStep = await signIn(factory, password: phrase).outcome
    let tablet = try #require(tabletStep?.token)
    let change = factory.makeChangePassword(token: phone)
    _ = await run(
      change, .currentPasswordChanged("not the passphrase at all"),
      .newPasswordChanged(newPhrase), .confirmationChanged(newPhrase), .changeTapped)
    #expect(
      change.outputs.currentPasswordValidation?.errorMessage
        == AuthMessages.currentPasswordIncorrect)
    await change.handle(.currentPasswordChanged(phrase))
    await change.handle(.changeTapped)
    #expect(change.outcome == .userDidChangePassword(endedSessions: 1))
    #expect(change.outputs.endedSessions == 1)
    #expect(await run(factory.makeAccount(token: tablet)) == .userIsNotSignedIn)

    // Only the new password signs in now.
    #expect(await signIn(factory, password: phrase).outcome == nil)
    let finalStep = await signIn(factory, password: newPhrase).outcome
    #expect(finalStep?.token != nil)
  }

  @Test("sign-up shows the real rules' reasons: too common, contains the username, no match")
  func realRules() async throws {
    let signUp = try RealUseCases().useCases.makeSignUp()
    await signUp.handle(.usernameChanged("alice"))
    await signUp.handle(.passwordChanged("alice likes long passwords"))
    #expect(
      signUp.outputs.passwordValidation?.errorMessage == AuthMessages.passwordContainsUsername)
    await signUp.handle(.confirmationChanged("something else entirely"))
    #expect(signUp.outputs.confirmationValidation?.errorMessage == AuthMessages.passwordsDoNotMatch)
    #expect(signUp.outputs.isSignUpEnabled == false)
  }
}
