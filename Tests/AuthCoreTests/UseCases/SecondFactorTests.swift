import AuthCore
import AuthCrypto
import AuthTestSupport
import Foundation
import Testing

/// The key of the tests: made once per fixture, never from a file.
private struct FixedKeys: SecondFactorKeySource {
  let key: SealingKey
  var missing = false
  func keys(creatingIfMissing: Bool) throws(SecondFactorError) -> SecondFactorKeys {
    if missing { throw .keyUnavailable("No second-factor key file at /nowhere") }
    return SecondFactorKeys(
      sealer: SodiumSecretSealer(key: key), recoveryCodes: SodiumRecoveryCodes(key: key))
  }
}

/// Enrolment, confirmation, the sign-in second step (replay, skew, recovery codes,
/// throttle), disabling, new codes and the operator's reset, over the real adapters.
@Suite("Second factor use cases")
struct SecondFactorTests {
  let fixture: UseCaseFixture
  let services: AuthServices
  let otp: OathOneTimePasswords
  let key: SealingKey

  init() throws {
    fixture = try UseCaseFixture()
    otp = try OathOneTimePasswords()
    key = try SealingKey(keyFileContents: try SealingKey.newKeyFileContents())
    services = AuthServices(
      store: fixture.store, hasher: fixture.hasher, tokens: fixture.tokens, clock: fixture.clock,
      secondFactor: SecondFactorSetup(oneTimePasswords: otp, keys: FixedKeys(key: key)))
  }

  /// The code an authenticator app shows now (or `steps` periods later).
  private func code(_ enrolment: SecondFactorEnrolment, steps: Int64 = 0) throws -> String {
    let secret = try otp.secret(base32: enrolment.base32Secret)
    let step = enrolment.parameters.step(at: fixture.clock.now())
    return try otp.code(
      for: secret, atStep: UInt64(Int64(step) + steps), parameters: enrolment.parameters)
  }

  /// Signs up `name` and turns the factor on; answers the enrolment and recovery codes.
  private func enabled(_ name: String) async throws -> (SecondFactorEnrolment, [RecoveryCode]) {
    let session = try await fixture.register(name)
    let enrolment = try await services.secondFactor.enrol(token: session.token)
    #expect(try await services.secondFactor.status(token: session.token).pending)
    #expect(
      try await services.secondFactor.confirm(token: session.token, code: "000000x")
        == .refused(.incorrectCode))
    guard
      case .accepted(let codes) = try await services.secondFactor.confirm(
        token: session.token, code: try code(enrolment))
    else { throw FixtureError.unexpected("confirmation refused") }
    #expect(codes.count == RecoveryCode.setSize)
    #expect(
      try await services.secondFactor.status(token: session.token)
        == SecondFactorStatus(enabled: true, pending: false, recoveryCodesLeft: 10))
    fixture.clock.advance(by: 31)
    return (enrolment, codes)
  }

  /// The account's id, from its sign-up in the audit trail.
  private func userID(_ name: String) async throws -> UserID {
    try #require(
      try await fixture.events().first { $0.kind == .signUp && $0.username == name }?.userID)
  }

  private func begin(_ name: String) async throws -> SecondFactorChallenge {
    let begun = try await services.signIn.beginSignIn(
      request: SignInRequest(username: name, password: UseCaseFixture.password))
    guard case .valid(.secondFactorRequired(let challenge)) = begun else {
      throw FixtureError.unexpected("no challenge: \(begun)")
    }
    return challenge
  }

  @Test func aRightCodeForAnAccountDueForANewPasswordLeadsToItAndIsSettledWithIt() async throws {
    let (enrolment, _) = try await enabled("ada")
    _ = try await services.accounts.requireNewPassword(named: "ada")
    let challenge = try await begin("ada")
    let now = try code(enrolment)
    guard
      case .newPasswordRequired(let due) = try await services.signIn.completeSignIn(
        challenge, code: now)
    else { throw FixtureError.unexpected("the code did not lead to a new password") }
    #expect(due.username == "ada")
    // `verify` with the code refuses the account, and its answer cannot complete.
    let verifying = try await services.signIn.beginVerify(
      request: SignInRequest(username: "ada", password: UseCaseFixture.password))
    guard case .valid(.secondFactorRequired(let verifyChallenge)) = verifying else {
      throw FixtureError.unexpected("verify asked for no code")
    }
    guard
      case .newPasswordRequired(let sample) = try await services.signIn.completeVerify(
        verifyChallenge, code: try code(enrolment, steps: 1))
    else { throw FixtureError.unexpected("verify did not refuse") }
    let chosen = "a brand new long passphrase"
    let request = NewPasswordRequest(newPassword: chosen, confirmation: chosen)
    #expect(try await services.signIn.completeSignIn(sample, newPassword: request) == .expired)
    // verify's code (one step later) was not settled, so the sign-in's own code still is.
    guard
      case .accepted(let session) = try await services.signIn.completeSignIn(
        due, newPassword: request)
    else { throw FixtureError.unexpected("the new password was refused") }
    #expect(session.authenticated.user.username == "ada")
    // The code was settled with the new password: it does not sign in again.
    let again = try await services.signIn.beginSignIn(
      request: SignInRequest(username: "ada", password: chosen))
    guard case .valid(.secondFactorRequired(let next)) = again else {
      throw FixtureError.unexpected("no challenge after the new password")
    }
    #expect(try await services.signIn.completeSignIn(next, code: now) == .refused(.incorrectCode))
  }

  @Test func aSignInAsksForACodeAndACodeIsAcceptedOnce() async throws {
    let (enrolment, _) = try await enabled("ada")
    // No session before the second step, whichever entry point.
    let adaID = try #require(
      try await fixture.store.read { try $0.userRecord(id: UserID(rawValue: 1)) }
    ).user.id
    let sessionsBefore = try await fixture.store.read { try $0.sessions(of: adaID).count }
    let challenge = try await begin("ada")
    #expect(try await fixture.attempt("ada", UseCaseFixture.password).isValid == false)
    #expect(try await fixture.store.read { try $0.sessions(of: adaID).count } == sessionsBefore)

    let now = try code(enrolment)
    guard
      case .accepted(let session) = try await services.signIn.completeSignIn(
        challenge, code: now)
    else { throw FixtureError.unexpected("code refused") }
    #expect(session.authenticated.user.username == "ada")
    #expect(try await fixture.throttle("ada") == .clear)
    // The same code again, and the step before it, are refused.
    let again = try await begin("ada")
    #expect(try await services.signIn.completeSignIn(again, code: now) == .refused(.incorrectCode))
    #expect(
      try await services.signIn.completeSignIn(again, code: try code(enrolment, steps: -1))
        == .refused(.incorrectCode))
    // ±1 step of skew: the next step's code works, two steps ahead does not.
    #expect(
      try await services.signIn.completeSignIn(again, code: try code(enrolment, steps: 2))
        == .refused(.incorrectCode))
    guard
      case .accepted = try await services.signIn.completeSignIn(
        again, code: try code(enrolment, steps: 1))
    else { throw FixtureError.unexpected("skewed code refused") }
    let kinds = try await fixture.events().map(\.kind)
    #expect(kinds.contains(.secondFactorEnabled))
    #expect(kinds.filter { $0 == .secondFactorFailed }.count == 4)
    // No code or secret in the trail.
    let details = try await fixture.events().map(\.detail).joined(separator: "\n")
    #expect(!details.contains(now))
    #expect(!details.contains(enrolment.base32Secret))
  }

  @Test func anExpiryThatComesBetweenPasswordAndCodeStartsNoSession() async throws {
    let (enrolment, _) = try await enabled("eve")
    let id = try await userID("eve")
    let challenge = try await begin("eve")
    _ = try await fixture.administration.setExpiry(named: "eve", to: fixture.clock.now())
    let sessionsBefore = try await fixture.store.read { try $0.sessions(of: id).count }
    let answer = try await services.signIn.completeSignIn(challenge, code: try code(enrolment))
    guard case .refused = answer else {
      Issue.record("an expired account's code was accepted")
      return
    }
    #expect(try await fixture.store.read { try $0.sessions(of: id).count } == sessionsBefore)
  }

  @Test func aRecoveryCodeWorksOnceAndCountsDown() async throws {
    let (_, codes) = try await enabled("bea")
    let first = try await begin("bea")
    guard
      case .accepted = try await services.signIn.completeSignIn(
        first, code: codes[3].displayed.uppercased())
    else { throw FixtureError.unexpected("recovery code refused") }
    let second = try await begin("bea")
    #expect(
      try await services.signIn.completeSignIn(second, code: codes[3].displayed)
        == .refused(.incorrectCode))
    // Recorded under the account, so `audit --user bea` finds it.
    let used = try #require(try await fixture.events().first { $0.kind == .recoveryCodeUsed })
    #expect(used.username == "bea")
    #expect(used.userID == (try await userID("bea")))
    let session = try await fixture.register("bea-other")
    _ = session
    let status = try await services.secondFactor.status(named: "bea")
    #expect(status.recoveryCodesLeft == 9)
  }

  @Test func aRecoveryCodeCopiedIntoAnotherAccountsSetSignsNobodyIn() async throws {
    let (_, victorCodes) = try await enabled("victor")
    let (_, malloryCodes) = try await enabled("mallory")
    let victor = try await userID("victor")
    let mallory = try await userID("mallory")
    // Whoever can write to the database adds mallory's hashes to victor's set.
    let now = fixture.clock.now()
    try await fixture.store.write { context throws(AuthError) in
      let copied = try context.recoveryCodeHashes(of: mallory)
      let own = try context.recoveryCodeHashes(of: victor)
      try context.replaceRecoveryCodes(own + copied, of: victor, at: now)
    }
    let challenge = try await begin("victor")
    #expect(
      try await services.signIn.completeSignIn(challenge, code: malloryCodes[0].displayed)
        == .refused(.incorrectCode))
    let again = try await begin("victor")
    guard
      case .accepted = try await services.signIn.completeSignIn(
        again, code: victorCodes[0].displayed)
    else { throw FixtureError.unexpected("victor's own code refused") }
  }

  @Test func aSetHashedBeforeCodesWereBoundStillWorksOnce() async throws {
    _ = try await enabled("old")
    let id = try await userID("old")
    let source = SodiumRecoveryCodes(key: key)
    let codes = source.makeCodes(count: 2)
    let unbound = codes.map(source.unboundHash)
    let now = fixture.clock.now()
    try await fixture.store.write { context throws(AuthError) in
      try context.replaceRecoveryCodes(unbound, of: id, at: now)
    }
    guard
      case .accepted = try await services.signIn.completeSignIn(
        try await begin("old"), code: codes[0].displayed)
    else { throw FixtureError.unexpected("a code of the unbound form refused") }
    #expect(
      try await services.signIn.completeSignIn(try await begin("old"), code: codes[0].displayed)
        == .refused(.incorrectCode))
    #expect(try await services.secondFactor.status(named: "old").recoveryCodesLeft == 1)
  }

  /// `verify --pam` carries one token, so a right password for an account with a factor is
  /// refused there; the refusal is in the trail. Like every right password it counts no
  /// failure (a failure is counted after its verify): the answer is the one a wrong
  /// password gets, so it tells a guesser nothing.
  @Test func aOneStepVerifyOfAnAccountWithAFactorIsRefusedAndAudited() async throws {
    _ = try await enabled("hal")
    let answer = try await services.signIn.verify(
      request: SignInRequest(username: "hal", password: UseCaseFixture.password),
      exactName: true)
    #expect(answer == .invalid(errorMessage: AuthMessages.secondFactorRequired))
    let last = try #require(try await fixture.events().last)
    #expect(last.kind == .signInFailed && last.username == "hal")
    #expect(last.userID == (try await userID("hal")))
    #expect(last.detail == "second factor required, no code taken (verify)")
    #expect(try await fixture.throttle("hal") == .clear)
  }

  @Test func wrongCodesCountOnTheThrottleLikeWrongPasswords() async throws {
    _ = try await enabled("cai")
    var refusals: [SecondFactorRefusal] = []
    for _ in 0..<5 {
      let begun = try await services.signIn.beginSignIn(
        request: SignInRequest(username: "cai", password: UseCaseFixture.password))
      guard case .valid(.secondFactorRequired(let challenge)) = begun else { break }
      if case .refused(let refusal) = try await services.signIn.completeSignIn(
        challenge, code: "000000")
      {
        refusals.append(refusal)
      }
    }
    #expect(refusals.contains(.incorrectCode))
    #expect(try await fixture.throttle("cai").isLocked(at: fixture.clock.now()))
    // Locked: even the right password is refused now.
    let locked = try await services.signIn.beginSignIn(
      request: SignInRequest(username: "cai", password: UseCaseFixture.password))
    #expect(!locked.isValid)
  }

  @Test func disablingAndNewCodesNeedThePasswordAndTheOperatorResetEndsSessions() async throws {
    let session = try await fixture.register("dan")
    let enrolment = try await services.secondFactor.enrol(token: session.token)
    await #expect(throws: AuthError.secondFactor(.alreadyEnabled)) {
      guard
        case .accepted = try await services.secondFactor.confirm(
          token: session.token, code: try code(enrolment))
      else { return }
      _ = try await services.secondFactor.enrol(token: session.token)
    }
    #expect(
      try await services.secondFactor.newRecoveryCodes(
        token: session.token, password: "not the password at all") == .refused(.incorrect))
    guard
      case .done(let codes) = try await services.secondFactor.newRecoveryCodes(
        token: session.token, password: UseCaseFixture.password)
    else { throw FixtureError.unexpected("new codes refused") }
    #expect(codes.count == 10)
    #expect(
      try await services.secondFactor.disable(token: session.token, password: "wrong wrong wrong")
        == .refused(.incorrect))
    #expect(
      try await services.secondFactor.disable(
        token: session.token, password: UseCaseFixture.password) == .done(true))
    #expect(try await services.secondFactor.status(token: session.token) == .off)
    // Without a factor, sign-in is one step again.
    #expect(try await fixture.attempt("dan", UseCaseFixture.password).isValid)

    _ = try await enabled("eve")
    let change = try await services.secondFactor.reset(named: "eve")
    #expect(change.endedSessions == 1)
    #expect(try await services.secondFactor.status(named: "eve") == .off)
    #expect(try await fixture.events().map(\.kind).contains(.secondFactorReset))
    await #expect(throws: AuthError.secondFactor(.notEnrolled)) {
      _ = try await services.secondFactor.reset(named: "eve")
    }
  }

  @Test func withoutTheKeyOnlyAccountsWithoutAFactorSignIn() async throws {
    _ = try await enabled("fay")
    _ = try await fixture.register("gus")
    let keyless = AuthServices(
      store: fixture.store, hasher: fixture.hasher, tokens: fixture.tokens, clock: fixture.clock,
      secondFactor: SecondFactorSetup(
        oneTimePasswords: otp,
        keys: FixedKeys(
          key: try SealingKey(keyFileContents: [UInt8](repeating: 1, count: 32)),
          missing: true)))
    #expect(
      try await keyless.signIn.signIn(
        request: SignInRequest(username: "gus", password: UseCaseFixture.password)
      ).isValid)
    let begun = try await keyless.signIn.beginSignIn(
      request: SignInRequest(username: "fay", password: UseCaseFixture.password))
    guard case .valid(.secondFactorRequired(let challenge)) = begun else {
      throw FixtureError.unexpected("no challenge")
    }
    await #expect(
      throws: AuthError.secondFactor(.keyUnavailable("No second-factor key file at /nowhere"))
    ) {
      _ = try await keyless.signIn.completeSignIn(challenge, code: "123456")
    }
  }
}
