import AuthCore
import Testing

/// `AuditLog` and `ThrottleStore`: events kept in order with their fields, a name that may be
/// a typed secret kept only as its keyed hash, and the throttle's state by name.
extension StoreContract {
  static let auditAndThrottle: [StoreRequirement] = [
    StoreRequirement(
      "AuditLog", "events come back newest first, limited, with their fields", auditEvents),
    StoreRequirement("ThrottleStore", "throttle state is stored, replaced and cleared", throttle),
  ]

  static func auditEvents(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("judy")
    let drafts = try await harness.appendSampleEvents(of: user)
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

  static func throttle(_ harness: StoreUnderTest) async throws {
    let initial = try await harness.store.read { try $0.throttleState(for: "kim") }
    #expect(initial == .clear)

    let locked = ThrottleState(consecutiveFailures: 5, lockedUntil: ContractSample.time(900))
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
}

extension StoreUnderTest {
  /// Appends in one write `user`'s sign-up, a failed sign-in under "nobody" (a name that
  /// matches no account) and `user`'s sign-in, at the sample times 1 to 3, then `later`;
  /// returns them all, oldest first.
  func appendSampleEvents(
    of user: User, then later: [AuthEventDraft] = []
  ) async throws -> [AuthEventDraft] {
    let drafts =
      [
        AuthEventDraft(
          time: ContractSample.time(1), kind: .signUp, userID: user.id, username: user.username,
          detail: ""),
        AuthEventDraft(
          time: ContractSample.time(2), kind: .signInFailed, userID: nil, username: "nobody",
          detail: "unknown"),
        AuthEventDraft(
          time: ContractSample.time(3), kind: .signInSucceeded, userID: user.id,
          username: user.username, detail: "s1"),
      ] + later
    try await store.write { context in
      for draft in drafts { try context.append(draft) }
    }
    return drafts
  }
}
