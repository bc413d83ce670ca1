import AuthCore
import Testing

@Suite struct SignUpTests {
  @Test func signUpCreatesTheAccountAStartedSessionAndAnAuditEvent() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("  Alice ")
    #expect(started.authenticated.user.username == "alice")
    #expect(started.authenticated.session.userID == started.authenticated.user.id)
    let current = try await fixture.sessions.currentSession(token: started.token)
    #expect(current.session.id == started.authenticated.session.id)
    let events = try await fixture.events()
    #expect(events.map(\.kind) == [.signUp])
    #expect(events.first?.username == "alice")
    #expect(fixture.hasher.counts.hash == 1)
  }

  @Test func everyFieldIsJudgedAtOnce() async throws {
    let fixture = try UseCaseFixture()
    let result = try await fixture.signUp.signUp(
      request: SignUpRequest(username: "a!", password: "short", confirmation: "shirt"))
    guard case .invalid(let validation) = result else {
      Issue.record("expected invalid, got \(result)")
      return
    }
    #expect(validation.username.errorMessage == "Use 3 to 32 characters")
    #expect(
      validation.password.errorMessage
        == "Use at least 15 characters — a few words make a good passphrase")
    #expect(validation.confirmation.errorMessage == "Passwords do not match")
    #expect(fixture.hasher.counts.hash == 0)
    #expect(try await fixture.events().isEmpty)
  }

  @Test func passwordIsCheckedAgainstTheTypedUsername() throws {
    let validation = try UseCaseFixture().signUp.validate(
      SignUpRequest(
        username: "Walrus", password: "the walrus and the carpenter",
        confirmation: "the walrus and the carpenter"))
    #expect(validation.username.isValid)
    #expect(validation.password.errorMessage == "Don't include your username")
    #expect(validation.confirmation.isValid)
    #expect(!validation.isValid)
  }

  @Test func anInvalidUsernameIsNotHeldAgainstThePassword() throws {
    let validation = try UseCaseFixture().signUp.validate(
      SignUpRequest(
        username: "a", password: "a passphrase with many a letters",
        confirmation: "a passphrase with many a letters"))
    #expect(validation.username.errorMessage == "Use 3 to 32 characters")
    #expect(validation.password.isValid)
  }

  @Test func aTakenNameIsAValidationOfTheUsernameField() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let result = try await fixture.signUp.signUp(
      request: SignUpRequest(
        username: "ＡＬＩＣＥ", password: UseCaseFixture.otherPassword,
        confirmation: UseCaseFixture.otherPassword))
    guard case .invalid(let validation) = result else {
      Issue.record("expected invalid, got \(result)")
      return
    }
    #expect(validation.username.errorMessage == "This username is taken")
    #expect(validation.password.isValid)
    #expect(validation.confirmation.isValid)
  }

  @Test func twoConcurrentSignUpsForOneNameMakeExactlyOneAccount() async throws {
    let fixture = try UseCaseFixture()
    let service = fixture.signUp
    let first = SignUpRequest(
      username: "race", password: UseCaseFixture.password, confirmation: UseCaseFixture.password)
    let second = SignUpRequest(
      username: "RACE", password: UseCaseFixture.otherPassword,
      confirmation: UseCaseFixture.otherPassword)
    async let one = service.signUp(request: first)
    async let two = service.signUp(request: second)
    let results = try await [one, two]
    let winners = results.filter { if case .signedUp = $0 { true } else { false } }
    let losers = results.compactMap { result -> SignUpValidation? in
      if case .invalid(let validation) = result { validation } else { nil }
    }
    #expect(winners.count == 1)
    #expect(losers.map(\.username.errorMessage) == ["This username is taken"])
    let events = try await fixture.events()
    #expect(events.filter { $0.kind == .signUp }.count == 1)
    let name = try #require(Username.validate("race").asValidated)
    #expect(try await fixture.store.read { try $0.userRecord(named: name) } != nil)
  }
}
