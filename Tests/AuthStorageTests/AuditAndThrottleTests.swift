import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("Audit log and throttle store")
struct AuditAndThrottleTests {
  @Test(
    "events come back newest first, limited, with their fields", arguments: StoreLocation.allCases)
  func auditEvents(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await harness.store.write {
      try $0.insertUser(username: username("judy"), passwordHash: sampleHash, at: time(0))
    }
    let drafts = [
      AuthEventDraft(time: time(1), kind: .signUp, userID: user.id, username: "judy", detail: ""),
      AuthEventDraft(
        time: time(2), kind: .signInFailed, userID: nil, username: "nobody", detail: "unknown"),
      AuthEventDraft(
        time: time(3), kind: .signInSucceeded, userID: user.id, username: "judy", detail: "s1"),
    ]
    try await harness.store.write { context in
      for draft in drafts { try context.append(draft) }
    }
    let events = try await harness.reopen().read { try $0.recentEvents(limit: 2) }
    #expect(events.map(\.draft.kind) == [drafts[2].kind, drafts[1].kind])
    #expect(events[0].draft == drafts[2])
    // A name that matched no account comes back as its keyed hash, never in clear.
    let unknown = events[1].draft
    #expect(unknown.time == drafts[1].time && unknown.detail == "unknown" && unknown.userID == nil)
    let hashed = try #require(unknown.username)
    #expect(hashed != "nobody" && hashed.count == 64 && hashed.allSatisfy(\.isHexDigit))
    // Asking for the name finds it through the same hash.
    let found = try await harness.store.read {
      try $0.events(matching: AuditQuery(username: "nobody", limit: 10))
    }
    #expect(found.map(\.id) == [events[1].id])
    #expect(events[0].id > events[1].id)
    let none = try await harness.store.read { try $0.recentEvents(limit: 0) }
    #expect(none.isEmpty)
  }

  @Test("throttle state is stored, replaced and cleared", arguments: StoreLocation.allCases)
  func throttle(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let initial = try await harness.store.read { try $0.throttleState(for: "kim") }
    #expect(initial == .clear)

    let locked = ThrottleState(consecutiveFailures: 5, lockedUntil: time(900))
    try await harness.store.write { context in
      try context.saveThrottleState(
        ThrottleState(consecutiveFailures: 1, lockedUntil: nil), for: "kim")
      try context.saveThrottleState(locked, for: "kim")
    }
    let stored = try await harness.reopen().read { try $0.throttleState(for: "kim") }
    #expect(stored == locked)

    try await harness.store.write { try $0.clearThrottleState(for: "kim") }
    #expect(try await harness.store.read { try $0.throttleState(for: "kim") } == .clear)
  }

  @Test(
    "a name that may be a typed secret is stored only as its keyed hash, which correlates",
    arguments: StoreLocation.databases)
  func namesAreNotStoredInClear(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let typed = "correct-horse-battery-staple"
    let user = try await harness.store.write {
      try $0.insertUser(username: username("judy"), passwordHash: sampleHash, at: time(0))
    }
    try await harness.store.write { context in
      for (seconds, name) in [(1, typed), (2, typed), (3, "other-typed-name")] {
        try context.append(
          AuthEventDraft(
            time: time(seconds), kind: .signInFailed, userID: nil, username: name,
            detail: "unknown user"))
      }
      try context.append(
        AuthEventDraft(
          time: time(4), kind: .signInFailed, userID: user.id, username: "judy",
          detail: "wrong password"))
      try context.saveThrottleState(
        ThrottleState(consecutiveFailures: 2, lockedUntil: nil, lastFailureAt: time(2)),
        for: typed)
      try context.saveThrottleState(
        ThrottleState(consecutiveFailures: 1, lockedUntil: nil, lastFailureAt: time(4)),
        for: "judy")
    }
    // The raw rows, read past the store: no typed name in clear anywhere.
    let throttleNames = try harness.rawUsernames("SELECT username FROM sign_in_throttle")
    let eventNames = try harness.rawUsernames("SELECT username FROM auth_events ORDER BY id")
    for stored in throttleNames + eventNames.prefix(3) {
      let name = try #require(stored)
      #expect(name.count == 64 && name.allSatisfy(\.isHexDigit), "\(name)")
      #expect(!name.contains(typed) && !name.contains("judy"))
    }
    // The same name gives the same hash (probes correlate), another name another one, and
    // the throttle's row of a name is found under the event's hash; an account's event
    // keeps the account's name.
    #expect(eventNames[0] == eventNames[1] && eventNames[0] != eventNames[2])
    #expect(throttleNames.contains(eventNames[0]))
    #expect(eventNames[3] == "judy")
    let reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.throttleState(for: typed) }.consecutiveFailures == 2)
    #expect(try await reopened.read { try $0.throttleState(for: "judy") }.consecutiveFailures == 1)
    let found = try await reopened.read {
      try $0.events(matching: AuditQuery(username: typed, limit: 10))
    }
    #expect(found.count == 2)
    try await reopened.write { try $0.clearThrottleState(for: typed) }
    #expect(try harness.rawUsernames("SELECT username FROM sign_in_throttle").count == 1)
  }
}
