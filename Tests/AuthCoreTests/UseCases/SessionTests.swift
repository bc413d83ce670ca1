import AuthCore
import Foundation
import Testing

@Suite struct SessionTests {
  private let day: TimeInterval = 86_400

  @Test func aSessionEndsAfterSevenIdleDays() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("alice")
    fixture.clock.advance(by: 7 * day - 1)
    _ = try await fixture.sessions.currentSession(token: started.token)
    fixture.clock.advance(by: 7 * day)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: started.token)
    }
  }

  @Test func aSessionEndsThirtyDaysAfterSignInHoweverMuchItIsUsed() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("alice")
    for _ in 1...4 {
      fixture.clock.advance(by: 6 * day)
      _ = try await fixture.sessions.currentSession(token: started.token)
    }
    fixture.clock.advance(by: 6 * day - 1)
    let last = try await fixture.sessions.currentSession(token: started.token)
    #expect(last.session.expiresAt == started.authenticated.session.createdAt + 30 * day)
    fixture.clock.advance(by: 1)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: started.token)
    }
  }

  @Test func useSlidesTheIdleExpiryAtMostOncePerInterval() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("alice")
    let created = started.authenticated.session.createdAt
    fixture.clock.advance(by: 59)
    let early = try await fixture.sessions.currentSession(token: started.token)
    #expect(early.session.lastUsedAt == created)
    #expect(early.session.expiresAt == created + 7 * day)

    fixture.clock.advance(by: 1)
    let renewed = try await fixture.sessions.currentSession(token: started.token)
    #expect(renewed.session.lastUsedAt == created + 60)
    #expect(renewed.session.expiresAt == created + 60 + 7 * day)
    // The renewal was stored, not only returned.
    fixture.clock.advance(by: 1)
    let stored = try await fixture.sessions.currentSession(token: started.token)
    #expect(stored.session.lastUsedAt == created + 60)
  }

  @Test func signOutEndsTheSessionAtOnce() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("alice")
    try await fixture.sessions.signOut(token: started.token)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: started.token)
    }
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.signOut(token: started.token)
    }
    #expect(try await fixture.events().map(\.kind) == [.signUp, .signOut])
  }

  @Test func signOutEverywhereEndsEverySessionOfTheUserOnly() async throws {
    let fixture = try UseCaseFixture()
    let (first, second, bob) = try await fixture.aliceTwiceAndBob()
    #expect(try await fixture.sessions.signOutEverywhere(token: second.token) == 2)
    for token in [first.token, second.token] {
      await #expect(throws: AuthError.notSignedIn) {
        try await fixture.sessions.currentSession(token: token)
      }
    }
    _ = try await fixture.sessions.currentSession(token: bob.token)
    let recorded = try #require(try await fixture.events().last)
    #expect(recorded.kind == .signOutEverywhere)
    #expect(recorded.username == "alice")
    #expect(recorded.detail == "2 session(s) ended")
  }

  @Test func listShowsOwnActiveSessionsNewestFirstMarkingTheCurrentOne() async throws {
    let fixture = try UseCaseFixture()
    let first = try await fixture.register("alice")
    fixture.clock.advance(by: 10)
    let second = try #require(
      try await fixture.attempt("alice", UseCaseFixture.password).asValidated)
    _ = try await fixture.register("bob")
    let list = try await fixture.sessions.listSessions(token: first.token)
    #expect(
      list.map(\.session.id) == [second.authenticated.session.id, first.authenticated.session.id])
    #expect(list.map(\.isCurrent) == [false, true])
  }

  @Test func revokeEndsOwnSessionsButNotOtherUsers() async throws {
    let fixture = try UseCaseFixture()
    let (alice, aliceElsewhere, bob) = try await fixture.aliceTwiceAndBob()

    await #expect(throws: AuthError.sessionNotFound) {
      try await fixture.sessions.revokeSession(bob.authenticated.session.id, token: alice.token)
    }
    _ = try await fixture.sessions.currentSession(token: bob.token)

    try await fixture.sessions.revokeSession(
      aliceElsewhere.authenticated.session.id, token: alice.token)
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: aliceElsewhere.token)
    }
    _ = try await fixture.sessions.currentSession(token: alice.token)
    #expect(try await fixture.events().last?.kind == .sessionRevoked)
  }

  @Test func unknownAndMalformedTokensAreNotSignedIn() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    for token in [
      fixture.tokens.makeToken(), SessionToken(rawValue: "not a token"), SessionToken(rawValue: ""),
    ] {
      await #expect(throws: AuthError.notSignedIn) {
        try await fixture.sessions.currentSession(token: token)
      }
    }
  }

  @Test func housekeepingDeletesOnlyExpiredSessions() async throws {
    let fixture = try UseCaseFixture()
    _ = try await fixture.register("alice")
    fixture.clock.advance(by: 3 * day)
    let fresh = try await fixture.register("bob")
    #expect(try await fixture.sessions.deleteExpiredSessions() == 0)
    fixture.clock.advance(by: 4 * day)
    #expect(try await fixture.sessions.deleteExpiredSessions() == 1)
    _ = try await fixture.sessions.currentSession(token: fresh.token)
  }

  @Test func aSessionEndedBetweenTheCheckAndItsRenewalIsNotRenewed() async throws {
    let store = InterleavingStore(try UseCaseFixture.makeMemoryStore())
    let fixture = try UseCaseFixture(store: store)
    let started = try await fixture.register("alice")
    fixture.clock.advance(by: 120)
    let sessionID = started.authenticated.session.id
    store.interleave { context throws(AuthError) in try context.deleteSession(sessionID) }
    await #expect(throws: AuthError.notSignedIn) {
      try await fixture.sessions.currentSession(token: started.token)
    }
  }
}
