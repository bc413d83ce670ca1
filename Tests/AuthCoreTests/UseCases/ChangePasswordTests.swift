import AuthCore
import Testing

@Suite struct ChangePasswordTests {
  private let newPassword = "a brand new passphrase for her"

  private func request(
    current: String = UseCaseFixture.password, new: String? = nil
  )
    -> ChangePasswordRequest
  {
    let new = new ?? newPassword
    return ChangePasswordRequest(currentPassword: current, newPassword: new, confirmation: new)
  }

  @Test func changeEndsEveryOtherSessionButNotTheCurrentOne() async throws {
    let fixture = try UseCaseFixture()
    let (current, other, bob) = try await fixture.aliceTwiceAndBob()

    let result = try await fixture.changePassword.changePassword(
      token: current.token, request: request())
    #expect(result == .changed(endedSessions: 1))
    _ = try await fixture.sessions.currentSession(token: current.token)
    _ = try await fixture.sessions.currentSession(token: bob.token)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: other.token)
    }
    #expect(
      try await fixture.attempt("alice", UseCaseFixture.password)
        == .invalid(errorMessage: AuthMessages.signInFailed))
    #expect(try await fixture.attempt("alice", newPassword).isValid)
    #expect(try await fixture.events().map(\.kind).contains(.passwordChanged))
  }

  @Test func aWrongCurrentPasswordIsRefusedAsIncorrect() async throws {
    let fixture = try UseCaseFixture()
    let current = try await fixture.register("alice")
    let result = try await fixture.changePassword.changePassword(
      token: current.token, request: request(current: UseCaseFixture.otherPassword))
    #expect(result == .refused(.incorrect))
    #expect(CurrentPasswordRefusal.incorrect.description == "Current password is incorrect")
    #expect(try await fixture.attempt("alice", UseCaseFixture.password).isValid)
  }

  @Test func theNewPasswordFollowsTheRulesForThisUser() async throws {
    let fixture = try UseCaseFixture()
    let current = try await fixture.register("alice")
    let result = try await fixture.changePassword.changePassword(
      token: current.token,
      request: ChangePasswordRequest(
        currentPassword: UseCaseFixture.password, newPassword: "alice in wonderland again",
        confirmation: "alice in wonderland"))
    guard case .invalid(let validation) = result else {
      Issue.record("expected invalid, got \(result)")
      return
    }
    #expect(validation.currentPassword.isValid)
    #expect(validation.newPassword.errorMessage == "Don't include your username")
    #expect(validation.confirmation.errorMessage == "Passwords do not match")
    #expect(fixture.hasher.counts.hash == 1)
  }

  @Test func wrongCurrentPasswordsAreThrottled() async throws {
    let fixture = try UseCaseFixture()
    let current = try await fixture.register("alice")
    for _ in 1...5 {
      _ = try await fixture.changePassword.changePassword(
        token: current.token, request: request(current: UseCaseFixture.otherPassword))
    }
    let result = try await fixture.changePassword.changePassword(
      token: current.token, request: request())
    #expect(result == .refused(.tooManyAttempts))
    #expect(CurrentPasswordRefusal.tooManyAttempts.description == AuthMessages.tooManyAttempts)
  }

  @Test func aDeadTokenIsNotSignedIn() async throws {
    let fixture = try UseCaseFixture()
    let current = try await fixture.register("alice")
    try await fixture.sessions.signOut(token: current.token)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.changePassword.changePassword(token: current.token, request: request())
    }
  }
}
