import AuthCore
import AuthStorage
import Foundation
import Testing

/// What the engines store of a name that may be a typed secret, read past the store with SQL.
@Suite("Audit log and throttle rows")
struct AuditAndThrottleTests {
  @Test(
    "a name that may be a typed secret is stored only as its keyed hash, which correlates",
    arguments: StoreLocation.allCases)
  func namesAreNotStoredInClear(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let typed = "correct-horse-battery-staple"
    let user = try await insertSampleUser("judy", into: harness.store)
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
