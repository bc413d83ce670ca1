import AuthCore
import AuthCrypto
import AuthTestSupport
import Foundation
import Testing

/// An operator's demand for a new password (`users require-new-password`, shadow's last
/// change 0), and the sign-in step that meets it, over the real adapters.
@Suite("A new password at next sign-in")
struct NewPasswordTests {
  let fixture: UseCaseFixture
  let chosen = "a brand new long passphrase"

  init() throws { fixture = try UseCaseFixture() }

  private func record(_ name: String, in other: UseCaseFixture? = nil) async throws -> UserRecord {
    let username = try #require(Username.validate(name).asValidated)
    let store = (other ?? fixture).store
    return try #require(try await store.read { try $0.userRecord(named: username) })
  }

  private func begin(
    _ name: String, _ password: String = UseCaseFixture.password
  ) async throws -> NewPasswordChallenge {
    let begun = try await fixture.signIn.beginSignIn(
      request: SignInRequest(username: name, password: password))
    guard case .valid(.newPasswordRequired(let challenge)) = begun else {
      throw FixtureError.unexpected("no new-password challenge: \(begun)")
    }
    return challenge
  }

  private func request(_ password: String) -> NewPasswordRequest {
    NewPasswordRequest(newPassword: password, confirmation: password)
  }

  @Test func aRightPasswordStartsNothingUntilANewOneIsChosen() async throws {
    let first = try await fixture.register("ada")
    let demand = try await fixture.administration.requireNewPassword(named: "ADA")
    #expect(demand == PasswordChangeDemand(user: demand.user, wasRequired: false))
    #expect(try await record("ada").passwordChangeRequired)
    #expect(try await fixture.administration.account(named: "ada").passwordChangeRequired)
    let userID = try await record("ada").user.id
    let sessionsBefore = try await fixture.store.read { try $0.sessions(of: userID).count }

    // The one-step sign-in and both checks refuse it, with their own reason, and audit it.
    let oneStep = try await fixture.attempt("ada", UseCaseFixture.password)
    #expect(oneStep.reason == .passwordChangeRequired)
    #expect(oneStep.errorMessage == AuthMessages.passwordChangeRequired)
    #expect(
      try await fixture.verify("ada", UseCaseFixture.password).reason == .passwordChangeRequired)
    let pam = try await fixture.signIn.verify(
      request: SignInRequest(username: "ada", password: UseCaseFixture.password, caller: "PAM"),
      exactName: true)
    #expect(pam.reason == .passwordChangeRequired)
    let refusals = try await fixture.events().filter {
      $0.kind == .signInFailed && $0.detail.hasPrefix("new password required, none taken")
    }
    #expect(refusals.count == 3)
    // A wrong password is refused as ever, telling nothing of the demand.
    #expect(
      try await fixture.attempt("ada", UseCaseFixture.otherPassword).errorMessage
        == AuthMessages.signInFailed)

    let challenge = try await begin("ada")
    #expect(challenge.username == "ada")
    #expect(try await fixture.store.read { try $0.sessions(of: userID).count } == sessionsBefore)

    // The same password, the name inside it, and a mismatch are refused; nothing changes.
    let same = try await fixture.signIn.completeSignIn(
      challenge, newPassword: request(UseCaseFixture.password))
    guard case .invalid(let sameValidation) = same else {
      throw FixtureError.unexpected("the old password was taken: \(same)")
    }
    #expect(sameValidation.newPassword.reason == .sameAsCurrent)
    let named = try await fixture.signIn.completeSignIn(
      challenge, newPassword: request("ada " + chosen))
    guard case .invalid(let namedValidation) = named else {
      throw FixtureError.unexpected("a password with the name was taken")
    }
    #expect(namedValidation.newPassword.reason == .containsUsername)
    let mismatch = try await fixture.signIn.completeSignIn(
      challenge, newPassword: NewPasswordRequest(newPassword: chosen, confirmation: chosen + "x"))
    guard case .invalid(let mismatchValidation) = mismatch else {
      throw FixtureError.unexpected("a mismatch was taken")
    }
    #expect(mismatchValidation.confirmation.reason == .mismatch)
    #expect(try await record("ada").passwordChangeRequired)

    // A new one: stored, the demand cleared, the other sessions ended, the session started.
    let answer = try await fixture.signIn.completeSignIn(challenge, newPassword: request(chosen))
    guard case .accepted(let session) = answer else {
      throw FixtureError.unexpected("the new password was refused: \(answer)")
    }
    #expect(session.authenticated.user.username == "ada")
    #expect(try await record("ada").passwordChangeRequired == false)
    let sessions = try await fixture.store.read { try $0.sessions(of: userID) }
    #expect(sessions.map(\.id) == [session.authenticated.session.id])
    #expect(sessions.map(\.id).contains(first.authenticated.session.id) == false)
    #expect(try await fixture.attempt("ada", chosen).isValid)
    #expect(try await fixture.attempt("ada", UseCaseFixture.password).isValid == false)
    let changed = try #require(try await fixture.events().last { $0.kind == .passwordChanged })
    #expect(changed.detail == "new password chosen at sign-in; 1 other session(s) ended")
    #expect(try await fixture.events().contains { $0.kind == .passwordChangeRequired })

    // The challenge is spent: its password is no longer the account's.
    #expect(
      try await fixture.signIn.completeSignIn(challenge, newPassword: request(chosen + " again"))
        == .expired)
  }

  @Test func aChallengeExpiresWhenThePasswordChangesOrTheAccountIsLocked() async throws {
    _ = try await fixture.register("ada")
    _ = try await fixture.administration.requireNewPassword(named: "ada")
    let challenge = try await begin("ada")
    _ = try await fixture.administration.lockAccount(named: "ada", reason: "")
    #expect(
      try await fixture.signIn.completeSignIn(challenge, newPassword: request(chosen)) == .expired)
    _ = try await fixture.administration.unlockAccount(named: "ada")
    let again = try await begin("ada")
    let reset = try await fixture.administration.resetPassword(
      named: "ada", to: UseCaseFixture.otherPassword)
    #expect(reset.isValid)
    #expect(
      try await fixture.signIn.completeSignIn(again, newPassword: request(chosen)) == .expired)
    // The operator's new password is the account's new one: the demand is lifted.
    #expect(try await record("ada").passwordChangeRequired == false)
    #expect(try await fixture.attempt("ada", UseCaseFixture.otherPassword).isValid)
    // A sample challenge never completes.
    #expect(
      try await fixture.signIn.completeSignIn(
        .sample(username: "ada"), newPassword: request(chosen))
        == .expired)
  }

  @Test func askingAgainIsRecordedAndAChangedPasswordLiftsTheDemand() async throws {
    let session = try await fixture.register("ada")
    _ = try await fixture.administration.requireNewPassword(named: "ada")
    #expect(try await fixture.administration.requireNewPassword(named: "ada").wasRequired)
    let result = try await fixture.changePassword.changePassword(
      token: session.token,
      request: ChangePasswordRequest(
        currentPassword: UseCaseFixture.password, newPassword: chosen, confirmation: chosen))
    #expect(result == .changed(endedSessions: 0))
    #expect(try await record("ada").passwordChangeRequired == false)
    #expect(try await fixture.attempt("ada", chosen).isValid)
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await fixture.administration.requireNewPassword(named: "nobody")
    }
  }

  @Test func aShadowEntryChangedOnDayZeroArrivesDemandingANewPassword() async throws {
    // The kept hashes cost what SHA-512-crypt costs: a store that hashes that dearly.
    let fixture = try UseCaseFixture(cost: .interactive)
    let services = AuthServices(
      store: fixture.store, hasher: fixture.hasher, tokens: fixture.tokens, clock: fixture.clock,
      policy: fixture.policy, legacyVerifier: try LegacyHashVerifier())
    let lines = [
      "eve:\(AccountImportTests.sha512):0:0:99999:7:::",
      "fay:\(AccountImportTests.sha512)::0:99999:7:::",
      "gus:\(AccountImportTests.sha512):19000:0:99999:7:::",
    ]
    let report = try await services.accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: lines))
    #expect(report.written)
    #expect(report.accepted.map(\.passwordChangeRequired) == [true, false, false])
    #expect(try await record("eve", in: fixture).passwordChangeRequired)
    #expect(try await record("fay", in: fixture).passwordChangeRequired == false)
    let detail = try #require(
      try await fixture.events().first { $0.kind == .accountImported && $0.username == "eve" })
    #expect(detail.detail.hasSuffix("; new password required"))
    // The kept hash is right; the sign-in asks for a new password, which replaces it.
    let begun = try await services.signIn.beginSignIn(
      request: SignInRequest(username: "eve", password: UseCaseFixture.password))
    guard case .valid(.newPasswordRequired(let challenge)) = begun else {
      throw FixtureError.unexpected("no challenge: \(begun)")
    }
    guard
      case .accepted = try await services.signIn.completeSignIn(
        challenge, newPassword: request(chosen))
    else { throw FixtureError.unexpected("the new password was refused") }
    #expect(try await record("eve", in: fixture).passwordHash.hasPrefix("$argon2id$"))
  }

  @Test func aNewPasswordReplacingTheLastDearKeptHashLowersTheSignInWork() async throws {
    // The minimum cost's default work is far below what SHA-512-crypt needs: the import is
    // told to raise the store's sign-in work for the kept hash.
    let services = AuthServices(
      store: fixture.store, hasher: fixture.hasher, tokens: fixture.tokens, clock: fixture.clock,
      policy: fixture.policy, legacyVerifier: try LegacyHashVerifier())
    var raising = AccountImportRequest(
      format: .shadow, lines: ["eve:\(AccountImportTests.sha512):0:0:99999:7:::"])
    raising.raiseSignInWork = true
    let report = try await services.accountImport.importAccounts(raising)
    #expect(report.written)
    let raisedWork = try #require(report.signInWork).to
    #expect(try await fixture.store.read { try $0.raisedSignInWork() } == raisedWork)

    // The next process opens the store at its raised work, as the composition root does.
    let raised = try UseCaseFixture(store: fixture.store, cost: .minimum, signInWork: raisedWork)
    let signIn = AuthServices(
      store: raised.store, hasher: raised.hasher, tokens: raised.tokens, clock: raised.clock,
      policy: raised.policy, legacyVerifier: try LegacyHashVerifier()
    ).signIn
    let begun = try await signIn.beginSignIn(
      request: SignInRequest(username: "eve", password: UseCaseFixture.password))
    guard case .valid(.newPasswordRequired(let challenge)) = begun else {
      throw FixtureError.unexpected("no challenge: \(begun)")
    }
    guard
      case .accepted = try await signIn.completeSignIn(challenge, newPassword: request(chosen))
    else { throw FixtureError.unexpected("the new password was refused") }
    #expect(try await fixture.store.read { try $0.raisedSignInWork() } == nil)
    let changed = try #require(
      try await fixture.events().first { $0.kind == .passwordChanged && $0.username == "eve" })
    #expect(changed.detail.hasSuffix("; sign-in work back to the default"))
  }
}
