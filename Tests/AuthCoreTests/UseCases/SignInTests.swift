import AuthCore
import Foundation
import Testing

@Suite struct SignInTests {
  private let failed = AuthMessages.signInFailed

  @Test func rightPasswordStartsANewSessionEachTime() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("alice")
    let signedIn = try #require(
      try await fixture.attempt(" ALICE ", UseCaseFixture.password).asValidated)
    #expect(signedIn.authenticated.user.id == first.authenticated.user.id)
    #expect(signedIn.authenticated.session.id != first.authenticated.session.id)
    #expect(signedIn.token != first.token)
    let created = signedIn.authenticated.session.createdAt
    #expect(signedIn.authenticated.session.expiresAt == created.addingTimeInterval(7 * 86_400))
    #expect(try await fixture.events().map(\.kind) == [.signUp, .signInSucceeded])
  }

  /// `verify --pam`: the name is another system's literal login name, so only the account's
  /// canonical name itself, byte for byte, is that account; any other spelling is refused
  /// after the same work as a wrong password, audited, and counted.
  @Test(arguments: ["ALICE", " alice", "alice\t", "\u{FF41}lice", "Alice"])
  func anExactNameVerifyRefusesEveryOtherSpellingOfTheName(_ given: String) async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let verifies = fixture.hasher.counts.verify
    let refused = try await fixture.signIn.verify(
      request: SignInRequest(username: given, password: UseCaseFixture.password), exactName: true)
    #expect(refused == .invalid(errorMessage: failed))
    #expect(fixture.hasher.counts.verify == verifies + 1)
    let last = try #require(try await fixture.events().last)
    #expect(last.kind == .signInFailed && last.username == "alice")
    #expect(last.detail == "name not given in its canonical form (verify)")
    #expect(try await fixture.throttle("alice") != .clear)
    // The canonical name itself is still the account; without exactName, as signin reads it.
    #expect(
      try await fixture.signIn.verify(
        request: SignInRequest(username: "alice", password: UseCaseFixture.password),
        exactName: true
      ).isValid)
    #expect(try await fixture.verify(given, UseCaseFixture.password).isValid)
  }

  @Test func unknownUserWrongPasswordAndLockedAnswerTheSameAfterTheSameWork() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    _ = try await fixture.register("carol")
    var verifies = fixture.hasher.counts.verify

    let unknown = try await fixture.attempt("nobody", UseCaseFixture.password)
    #expect(fixture.hasher.counts.verify == verifies + 1)
    verifies += 1

    let wrong = try await fixture.attempt("alice", UseCaseFixture.otherPassword)
    #expect(fixture.hasher.counts.verify == verifies + 1)
    verifies += 1

    for _ in 1...5 { _ = try await fixture.attempt("carol", "not carol's passphrase") }
    verifies = fixture.hasher.counts.verify
    let locked = try await fixture.attempt("carol", UseCaseFixture.password)
    #expect(fixture.hasher.counts.verify == verifies + 1)

    #expect(unknown == .invalid(errorMessage: failed))
    #expect(wrong == unknown)
    #expect(locked == unknown)
    let details = try await fixture.events().filter { $0.kind == .signInFailed }.map(\.detail)
    #expect(details.first == "unknown user")
    #expect(details.dropFirst().first == "wrong password")
    #expect(details.last == "locked")
  }

  @Test func lockoutTimelineDoublesUpToTheCapAndResetsOnSuccess() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let right = UseCaseFixture.password
    let wrong = UseCaseFixture.otherPassword
    for _ in 1...4 {
      #expect(try await fixture.attempt("alice", wrong) == .invalid(errorMessage: failed))
    }
    #expect(try await fixture.throttle("alice").lockedUntil == nil)
    _ = try await fixture.attempt("alice", wrong)  // the fifth: locks for a minute
    #expect(try await fixture.attempt("alice", right) == .invalid(errorMessage: failed))
    fixture.clock.advance(by: 59)
    #expect(try await fixture.attempt("alice", right) == .invalid(errorMessage: failed))
    // Refused attempts neither count nor extend the lock.
    #expect(try await fixture.throttle("alice").consecutiveFailures == 5)

    // Each counted failure after the wait locks twice as long, up to 15 minutes.
    // The clock always stands one second before the lock ends here.
    for expectedLock: TimeInterval in [120, 240, 480, 900, 900] {
      fixture.clock.advance(by: 1)
      _ = try await fixture.attempt("alice", wrong)
      let state = try await fixture.throttle("alice")
      #expect(state.lockedUntil == fixture.clock.now().addingTimeInterval(expectedLock))
      fixture.clock.advance(by: expectedLock - 1)
      #expect(try await fixture.attempt("alice", right) == .invalid(errorMessage: failed))
    }
    fixture.clock.advance(by: 1)
    #expect(try await fixture.attempt("alice", right).isValid)
    #expect(try await fixture.throttle("alice") == .clear)

    // After the reset, the count starts again from zero.
    for _ in 1...4 { _ = try await fixture.attempt("alice", wrong) }
    #expect(try await fixture.attempt("alice", right).isValid)
  }

  @Test func parallelAttemptsCannotSlipPastTheLimit() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let results = try await fixture.attemptAtOnce(
      "alice", UseCaseFixture.otherPassword, count: 12)
    #expect(results == Array(repeating: .invalid(errorMessage: failed), count: 12))
    // The checks take turns and each counts its failure before the next is judged, so the
    // sixth and later find the name locked and are not counted.
    let state = try await fixture.throttle("alice")
    #expect(state.consecutiveFailures == 5)
    #expect(state.lockedUntil == fixture.clock.now().addingTimeInterval(60))
  }

  @Test func parallelRightPasswordsAllPass() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let results = try await fixture.attemptAtOnce("alice", UseCaseFixture.password, count: 12)
    #expect(results.filter(\.isValid).count == 12)
    #expect(try await fixture.throttle("alice") == .clear)
  }

  @Test func unknownNamesAreThrottledToo() async throws {
    let fixture = try UseCaseFixture()
    for _ in 1...5 { _ = try await fixture.attempt("Ghost", UseCaseFixture.password) }
    let state = try await fixture.throttle("ghost")
    #expect(state.consecutiveFailures == 5)
    #expect(state.isLocked(at: fixture.clock.now()))
  }

  @Test func signingUpClearsFailuresGuessedAgainstAFreeName() async throws {
    let fixture = try UseCaseFixture()
    for _ in 1...5 { _ = try await fixture.attempt("newcomer", UseCaseFixture.password) }
    _ = try await fixture.register("newcomer")
    #expect(try await fixture.throttle("newcomer") == .clear)
    #expect(try await fixture.attempt("newcomer", UseCaseFixture.password).isValid)
  }

  @Test func precomposedAndDecomposedPasswordsSignInAlike() async throws {
    let fixture = try UseCaseFixture()
    let precomposed = "caf\u{E9} au lait, s'il vous pla\u{EE}t"
    let decomposed = "cafe\u{301} au lait, s'il vous plai\u{302}t"
    #expect(Array(precomposed.utf8) != Array(decomposed.utf8))
    _ = try await fixture.register("marie", password: precomposed)
    #expect(try await fixture.attempt("marie", decomposed).isValid)
  }

  @Test func malformedFieldsAreAnsweredWithoutStorageOrHashing() async throws {
    let fixture = try UseCaseFixture()
    #expect(try await fixture.attempt("", "anything") == .invalid(errorMessage: "Enter a username"))
    #expect(try await fixture.attempt("alice", "") == .invalid(errorMessage: "Enter your password"))
    #expect(fixture.hasher.counts.verify == 0)
    #expect(try await fixture.events().isEmpty)
  }

  @Test func aHashOfLowerCostIsUpgradedAtSignIn() async throws {
    let store = try UseCaseFixture.makeMemoryStore()
    let old = try UseCaseFixture(store: store, cost: .minimum)
    _ = try await old.register("alice")
    let stronger = try UseCaseFixture(
      store: store, cost: Argon2CostForTests.slightlyAboveMinimum)
    let name = try #require(Username.validate("alice").asValidated)
    let before = try #require(try await store.read { try $0.userRecord(named: name) })
    #expect(stronger.hasher.needsRehash(before.passwordHash))

    #expect(try await stronger.attempt("alice", UseCaseFixture.password).isValid)
    let after = try #require(try await store.read { try $0.userRecord(named: name) })
    #expect(after.passwordHash != before.passwordHash)
    #expect(!stronger.hasher.needsRehash(after.passwordHash))
    let rehashed = try await stronger.events().filter { $0.kind == .passwordRehashed }
    #expect(rehashed.map(\.detail) == ["hash upgraded from m=8,t=1,p=1 to m=16,t=2,p=1"])
    #expect(try await stronger.attempt("alice", UseCaseFixture.password).isValid)
  }

  @Test func aHashOfHigherCostIsNeverRewrittenDownward() async throws {
    let store = try UseCaseFixture.makeMemoryStore()
    let dearer = try UseCaseFixture(store: store, cost: Argon2CostForTests.slightlyAboveMinimum)
    _ = try await dearer.register("alice")
    let name = try #require(Username.validate("alice").asValidated)
    let before = try #require(try await store.read { try $0.userRecord(named: name) })
    let cheaper = try UseCaseFixture(store: store, cost: .minimum)
    #expect(try await cheaper.attempt("alice", UseCaseFixture.password).isValid)
    let after = try #require(try await store.read { try $0.userRecord(named: name) })
    #expect(after.passwordHash == before.passwordHash)
    #expect(!(try await cheaper.events().map(\.kind).contains(.passwordRehashed)))
  }

  @Test func aCheaperHashIsPaddedWhenWrongAndAnUnknownNameIsNot() async throws {
    let store = try UseCaseFixture.makeMemoryStore()
    _ = try await UseCaseFixture(store: store, cost: .minimum).register("alice")
    let current = try UseCaseFixture(store: store, cost: Argon2CostForTests.slightlyAboveMinimum)
    #expect(!(try await current.attempt("alice", UseCaseFixture.otherPassword).isValid))
    #expect(current.hasher.counts.pad == 1)
    #expect(current.hasher.counts.verify == 1)
    #expect(!(try await current.attempt("nobody", UseCaseFixture.otherPassword).isValid))
    #expect(current.hasher.counts.pad == 1)
    #expect(current.hasher.counts.verify == 2)
  }

  @Test func aCheaperHashOfItsOwnIsPaddedToTheMeasuredTimeFromItsStatedWork() async throws {
    let store = try UseCaseFixture.makeMemoryStore()
    _ = try await UseCaseFixture(store: store, cost: .minimum).register("alice")
    // The store's sign-in work raised to 4 × the minimum's 8 KiB × 1 pass, as an import of
    // a dearer kept hash leaves it: the account's hash is cheaper than every check.
    let raised = try UseCaseFixture(store: store, cost: .minimum, signInWork: 32)
    #expect(!(try await raised.attempt("alice", UseCaseFixture.otherPassword).isValid))
    // Padded from the hash's own work (m=8, t=1) up to the time a check at the current
    // cost takes, as a kept hash is, not by the missing work alone.
    #expect(raised.hasher.counts.timedPadWorks == [8])
    #expect(raised.hasher.counts.pad == 1)
    #expect(try await raised.attempt("alice", UseCaseFixture.password).isValid)
    #expect(raised.hasher.counts.timedPadWorks == [8])
  }

  @Test(arguments: [
    // 8 KiB is the current cost: 40 KiB is more than four times it; never hashed for real.
    (
      "$argon2id$v=19$m=40,t=1,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
      "stored hash far costlier than the current cost"
    ),
    // 4× the memory and 4× the passes of the current cost: within 4× in each, 16× the work.
    (
      "$argon2id$v=19$m=32,t=4,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
      "stored hash far costlier than the current cost"
    ),
    // More lanes than Argon2 has: no cost can be read from it.
    (
      "$argon2id$v=19$m=64,t=1,p=16777216$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g",
      "stored hash unreadable"
    ),
  ])
  func aStoredHashIsJudgedByItsWholeWorkAndRefusedUnrun(
    planted: String, detail: String
  )
    async throws
  {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    let name = try #require(Username.validate("alice").asValidated)
    let record = try #require(try await fixture.store.read { try $0.userRecord(named: name) })
    _ = try await fixture.store.write {
      try $0.updatePasswordHash(planted, for: record.user.id, at: Date())
    }
    let verifiesBefore = fixture.hasher.counts.verify
    let answer = try await fixture.attempt("alice", UseCaseFixture.password)
    #expect(answer == .invalid(errorMessage: AuthMessages.signInFailed))
    // One verify, against the dummy at the current cost: the same work as an unknown name.
    #expect(fixture.hasher.counts.verify == verifiesBefore + 1)
    let last = try #require(try await fixture.events().last)
    #expect(last.kind == .signInFailed)
    #expect(last.detail == detail)
  }

  @Test func aStoredFailureCountAtItsMaximumDoesNotOverflow() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("ivan")
    try await fixture.store.write { context in
      try context.saveThrottleState(
        ThrottleState(consecutiveFailures: .max, lockedUntil: nil), for: "ivan")
    }
    let wrong = try await fixture.attempt("ivan", UseCaseFixture.otherPassword)
    #expect(wrong.errorMessage == AuthMessages.signInFailed)
    let after = try await fixture.throttle("ivan")
    #expect(after.consecutiveFailures == .max)
    #expect(after.lockedUntil == fixture.clock.now().addingTimeInterval(900))
  }
}
