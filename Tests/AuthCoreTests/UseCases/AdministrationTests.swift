import AuthCore
import Foundation
import Testing

@Suite struct AdministrationTests {
  private let failed = AuthMessages.signInFailed

  /// Signs in to a refused account (locked or expired) with its right password: the answer
  /// is a wrong password's, for the same work (one verify) and with the throttle untouched,
  /// and `verify` is refused alike. Returns the answer.
  private func refusedAsWrong(
    _ name: String, like wrong: Validation<NewSession>, in fixture: UseCaseFixture,
    sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> Validation<NewSession> {
    let throttleBefore = try await fixture.throttle(name)
    let verifies = fixture.hasher.counts.verify
    let refused = try await fixture.attempt(name, UseCaseFixture.password)
    #expect(refused == wrong, sourceLocation: sourceLocation)
    #expect(refused == .invalid(errorMessage: failed), sourceLocation: sourceLocation)
    #expect(fixture.hasher.counts.verify == verifies + 1, sourceLocation: sourceLocation)
    #expect(try await fixture.throttle(name) == throttleBefore, sourceLocation: sourceLocation)
    #expect(
      try await fixture.verify(name, UseCaseFixture.password) == .invalid(errorMessage: failed),
      sourceLocation: sourceLocation)
    return refused
  }

  @Test func addingAnAccountUsesTheSignUpRulesAndStartsNoSession() async throws {
    let fixture = try UseCaseFixture()
    let result = try await fixture.administration.addAccount(
      NewAccountRequest(username: " Ada ", password: UseCaseFixture.password))
    guard case .added(let user) = result else {
      Issue.record("not added: \(result)")
      return
    }
    #expect(user.username == "ada")
    #expect(try await fixture.store.read { try $0.sessions(of: user.id) }.isEmpty)
    #expect(try await fixture.events().map(\.kind) == [.accountAdded])
    #expect(try await fixture.attempt("ada", UseCaseFixture.password).isValid)

    let taken = try await fixture.administration.addAccount(
      NewAccountRequest(username: "ADA", password: UseCaseFixture.password))
    guard case .invalid(let validation) = taken else {
      Issue.record("a taken name was added")
      return
    }
    #expect(
      validation.username == .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken))
    let weak = fixture.administration.validate(
      NewAccountRequest(username: "bob", password: "bob's own pass phrase"))
    #expect(
      weak.password
        == .invalid(errorMessage: AuthMessages.passwordContainsUsername, reason: .containsUsername))
    #expect(weak.username.isValid)
  }

  @Test func detailsTellLockFailuresSignInAndSessionsButNeverTheHash() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("cora")
    _ = try await fixture.attempt("cora", UseCaseFixture.otherPassword)
    var details = try await fixture.administration.account(named: "CORA")
    #expect(details.user == first.authenticated.user)
    #expect(details.lock == nil)
    #expect(details.failedAttempts == 1)
    #expect(details.throttledUntil == nil)
    // A sign-up counts as the first sign-in.
    #expect(details.lastSignInAt == first.authenticated.session.createdAt)
    #expect(details.activeSessions.map(\.id) == [first.authenticated.session.id])

    // A day without failures forgets them, whether or not the row was pruned yet.
    fixture.clock.advance(by: 86_401)
    details = try await fixture.administration.account(named: "cora")
    #expect(details.failedAttempts == 0)
    #expect(details.activeSessions.count == 1)
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await fixture.administration.account(named: "nobody")
    }
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "-bad name-"))) {
      try await fixture.administration.account(named: "-bad name-")
    }
  }

  @Test func aLockRefusesSignInWithTheSameAnswerAndWorkAndEndsTheSessions() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("dina")
    let wrong = try await fixture.attempt("dina", UseCaseFixture.otherPassword)
    let change = try await fixture.administration.lockAccount(named: "dina", reason: "stolen")
    #expect(change.endedSessions == 1)
    #expect(change.wasLocked == false)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: first.token)
    }
    _ = try await refusedAsWrong("dina", like: wrong, in: fixture)
    #expect(try await fixture.administration.account(named: "dina").lock?.reason == "stolen")

    let again = try await fixture.administration.lockAccount(named: "dina", reason: "still")
    #expect(again.wasLocked)
    #expect(again.endedSessions == 0)
    let unlocked = try await fixture.administration.unlockAccount(named: "dina")
    #expect(unlocked.wasLocked)
    #expect(try await fixture.throttle("dina") == .clear)
    #expect(try await fixture.attempt("dina", UseCaseFixture.password).isValid)
    let details = try await fixture.events().filter { $0.kind == .signInFailed }.map(\.detail)
    #expect(
      details == ["wrong password", "locked by an operator", "locked by an operator (verify)"])
  }

  @Test func anExpiryRefusesFromItsMomentAsALockDoesAndNeverLiftsIt() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("ines")
    let wrong = try await fixture.attempt("ines", UseCaseFixture.otherPassword)
    let expiresAt = fixture.clock.now().addingTimeInterval(3_600)
    let change = try await fixture.administration.setExpiry(named: "INES", to: expiresAt)
    // One still to come leaves the account and its sessions as they are.
    #expect(change.endedSessions == 0)
    #expect(try await fixture.administration.account(named: "ines").expiresAt == expiresAt)
    #expect(try await fixture.sessions.currentSession(token: first.token).user.username == "ines")
    fixture.clock.advance(by: 3_599)
    #expect(try await fixture.verify("ines", UseCaseFixture.password).isValid)

    // From that moment on: the locked account's answer, work and silence on the count.
    fixture.clock.advance(by: 1)
    let refused = try await refusedAsWrong("ines", like: wrong, in: fixture)
    // An unlock lifts an operator's lock, never the expiry.
    _ = try await fixture.administration.unlockAccount(named: "ines")
    #expect(try await fixture.attempt("ines", UseCaseFixture.password) == refused)

    // Setting one already come ends the sessions; --never lets the password in again.
    let past = try await fixture.administration.setExpiry(named: "ines", to: expiresAt)
    #expect(past.endedSessions == 1)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: first.token)
    }
    _ = try await fixture.administration.setExpiry(named: "ines", to: nil)
    #expect(try await fixture.administration.account(named: "ines").expiresAt == nil)
    #expect(try await fixture.attempt("ines", UseCaseFixture.password).isValid)
    let events = try await fixture.events()
    #expect(
      events.filter { $0.kind == .signInFailed }.map(\.detail)
        == ["wrong password", "expired", "expired (verify)", "expired"])
    #expect(
      events.filter { $0.kind == .accountExpirySet }.map(\.detail)
        == [
          "expires at \(Int64(expiresAt.timeIntervalSince1970)) s",
          "expires at \(Int64(expiresAt.timeIntervalSince1970)) s; 1 session(s) ended",
          "never expires",
        ])
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await fixture.administration.setExpiry(named: "nobody", to: nil)
    }
  }

  @Test func anExpiryOnADayIsAuditedAsThatDay() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("jana")
    let day = try #require(CalendarDay(parsing: "2099-03-01"))
    _ = try await fixture.administration.setExpiry(named: "jana", to: day.start)
    #expect(try await fixture.events().last?.detail == "expires on 2099-03-01")
    #expect(try await fixture.attempt("jana", UseCaseFixture.password).isValid)
  }

  @Test func aLockThatLandsDuringASignInStopsItsSession() async throws {
    let store = InterleavingStore(try UseCaseFixture.makeMemoryStore())
    let fixture = try UseCaseFixture(store: store)
    _ = try await fixture.register("ella")
    let name = try #require(Username.validate("ella").asValidated)
    let user = try #require(try await store.read { try $0.userRecord(named: name) })
    // After the attempt is reserved and the password verified, before the session starts.
    store.interleave(afterWrites: 1) { context throws(AuthError) in
      try context.setLock(AccountLock(lockedAt: Date(), reason: ""), for: user.user.id, at: Date())
      _ = try context.deleteSessions(of: user.user.id, except: nil)
    }
    let answer = try await fixture.attempt("ella", UseCaseFixture.password)
    #expect(answer == .invalid(errorMessage: failed))
    #expect(try await store.read { try $0.sessions(of: user.user.id) }.isEmpty)
    #expect(try await fixture.events().last?.detail == "locked by an operator during check")
  }

  @Test func unlockClearsTheThrottleOfAnAccountThatWasNotLocked() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("fern")
    for _ in 1...5 { _ = try await fixture.attempt("fern", UseCaseFixture.otherPassword) }
    #expect(
      try await fixture.attempt("fern", UseCaseFixture.password) == .invalid(errorMessage: failed))
    let unlocked = try await fixture.administration.unlockAccount(named: "fern")
    #expect(unlocked.wasLocked == false)
    #expect(try await fixture.attempt("fern", UseCaseFixture.password).isValid)
  }

  @Test func aLockReasonHasALimit() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("gina")
    await #expect(throws: AuthError.administration(.lockReasonTooLong(maximum: 200))) {
      try await fixture.administration.lockAccount(
        named: "gina", reason: String(repeating: "x", count: 201))
    }
    #expect(try await fixture.administration.account(named: "gina").lock == nil)
  }

  @Test func deletingEndsTheSessionsFreesTheNameAndKeepsTheTrail() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("hope")
    _ = try await fixture.attempt("hope", UseCaseFixture.otherPassword)
    let change = try await fixture.administration.deleteAccount(named: "hope")
    #expect(change.endedSessions == 1)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: first.token)
    }
    #expect(try await fixture.throttle("hope") == .clear)
    let trail = try await fixture.events().filter { $0.username == "hope" }
    #expect(trail.map(\.kind) == [.signUp, .signInFailed, .accountDeleted])
    #expect(trail.allSatisfy { $0.userID == nil })
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "hope"))) {
      try await fixture.administration.deleteAccount(named: "hope")
    }
    // The name can be used again, and the new account inherits none of the old trail (an
    // engine may hand the freed id out again; the events no longer name it).
    let again = try await fixture.register("hope").authenticated.user
    let linked = try await fixture.events().filter { $0.userID == again.id }
    #expect(linked.map(\.kind) == [.signUp])
  }

  @Test func resetEndsEverySessionAndFollowsThePasswordRules() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("iris")
    _ = try await fixture.attempt("iris", UseCaseFixture.password)
    let weak = try await fixture.administration.resetPassword(
      named: "iris", to: "iris forgot it again")
    #expect(
      weak
        == .invalid(errorMessage: AuthMessages.passwordContainsUsername, reason: .containsUsername))
    let reset = try await fixture.administration.resetPassword(
      named: "IRIS", to: UseCaseFixture.otherPassword)
    #expect(reset.asValidated?.endedSessions == 2)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: first.token)
    }
    #expect(
      try await fixture.attempt("iris", UseCaseFixture.password) == .invalid(errorMessage: failed))
    #expect(try await fixture.attempt("iris", UseCaseFixture.otherPassword).isValid)
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await fixture.administration.resetPassword(named: "nobody", to: UseCaseFixture.password)
    }
  }

  @Test func verifyIsASignInWithoutASession() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("june")
    for _ in 1...4 { _ = try await fixture.verify("june", UseCaseFixture.otherPassword) }
    #expect(try await fixture.throttle("june").consecutiveFailures == 4)
    let verifies = fixture.hasher.counts.verify
    let right = try await fixture.verify("june", UseCaseFixture.password)
    #expect(right.asValidated?.id == first.authenticated.user.id)
    #expect(fixture.hasher.counts.verify == verifies + 1)
    #expect(try await fixture.throttle("june") == .clear)
    #expect(
      try await fixture.store.read { try $0.sessions(of: first.authenticated.user.id) }.count == 1)
    #expect(
      try await fixture.verify("nobody", UseCaseFixture.password) == .invalid(errorMessage: failed))
    for _ in 1...5 { _ = try await fixture.verify("june", UseCaseFixture.otherPassword) }
    #expect(
      try await fixture.verify("june", UseCaseFixture.password) == .invalid(errorMessage: failed))
    #expect(
      try await fixture.attempt("june", UseCaseFixture.password) == .invalid(errorMessage: failed))
    let kinds = try await fixture.events().map(\.kind)
    #expect(kinds.filter { $0 == .passwordVerified }.count == 1)
    #expect(!kinds.contains(.signInSucceeded))
  }

  @Test func failuresAreForgottenAfterAQuietDay() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("kate")
    for _ in 1...4 { _ = try await fixture.attempt("kate", UseCaseFixture.otherPassword) }
    fixture.clock.advance(by: 86_400)
    _ = try await fixture.attempt("kate", UseCaseFixture.otherPassword)
    // Counted from zero again: one failure, not a fifth that would lock.
    #expect(try await fixture.throttle("kate").consecutiveFailures == 1)
    #expect(try await fixture.throttle("kate").lockedUntil == nil)
  }

  @Test func pruneDeletesOnlyWhatNoLongerMattersAndSignInPrunesABatch() async throws {
    var policy = AuthPolicy.standard
    policy.housekeeping = HousekeepingRules(rowsPerAttempt: 2)
    let fixture = try UseCaseFixture(policy: policy)
    let live = try await fixture.register("lara")
    for name in ["probe1", "probe2", "probe3", "probe4"] {
      _ = try await fixture.attempt(name, UseCaseFixture.password)
    }
    let user = live.authenticated.user
    try await fixture.store.write { context in
      for byte in UInt8(1)...5 {
        _ = try context.insertSession(
          userID: user.id, tokenHash: TokenHash(rawValue: [UInt8](repeating: byte, count: 32)),
          createdAt: Date(timeIntervalSince1970: 0), expiresAt: Date(timeIntervalSince1970: 1))
      }
    }
    #expect(
      try await fixture.housekeeping.prunable()
        == PruneReport(expiredSessions: 5, forgottenThrottleStates: 0))
    fixture.clock.advance(by: 86_400)
    #expect(
      try await fixture.housekeeping.prunable()
        == PruneReport(expiredSessions: 5, forgottenThrottleStates: 4))
    // One attempt deletes at most two of each (and counts a fresh failure for its own name).
    _ = try await fixture.attempt("lara", UseCaseFixture.otherPassword)
    #expect(
      try await fixture.housekeeping.prunable()
        == PruneReport(expiredSessions: 3, forgottenThrottleStates: 2))
    #expect(
      try await fixture.housekeeping.prune()
        == PruneReport(expiredSessions: 3, forgottenThrottleStates: 2))
    #expect(
      try await fixture.housekeeping.prunable()
        == PruneReport(expiredSessions: 0, forgottenThrottleStates: 0))
    #expect(try await fixture.sessions.currentSession(token: live.token).user == user)
    #expect(try await fixture.throttle("lara").consecutiveFailures == 1)
    #expect(try await fixture.events().last?.kind == .pruned)
  }

  @Test func theAuditTrailFiltersNewestFirst() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("mona")
    fixture.clock.advance(by: 10)
    _ = try await fixture.attempt("MONA", UseCaseFixture.otherPassword)
    _ = try await fixture.attempt("omar", UseCaseFixture.otherPassword)
    let all = try await fixture.auditTrail.events(AuditQuery())
    #expect(all.map(\.draft.kind) == [.signInFailed, .signInFailed, .signUp])
    let mona = try await fixture.auditTrail.events(AuditQuery(username: "MONA"))
    #expect(mona.map(\.draft.kind) == [.signInFailed, .signUp])
    let recent = try await fixture.auditTrail.events(
      AuditQuery(since: fixture.clock.now().addingTimeInterval(-5)))
    #expect(recent.count == 2)
    #expect(try await fixture.auditTrail.events(AuditQuery(limit: -1)).isEmpty)
  }
}
