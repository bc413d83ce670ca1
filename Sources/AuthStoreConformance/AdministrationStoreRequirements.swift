import AuthCore
import Testing

/// The store operations the administration, housekeeping and audit use cases rely on.
extension StoreContract {
  static let administration: [StoreRequirement] = [
    StoreRequirement(
      "UserStore", "a lock is stored on the account, read back with it, and lifted", locks),
    StoreRequirement(
      "UserStore",
      "an expiry is stored on the account, survives its other changes, and is cleared", expiry),
    StoreRequirement(
      "UserStore", "deleting an account ends its sessions and keeps its events, unlinked",
      deletion),
    StoreRequirement(
      "SessionStore", "expired sessions are counted and deleted, at most a limit at a time",
      expiredSessions),
    StoreRequirement(
      "ThrottleStore",
      "throttle states keep their last failure; forgotten ones are counted and deleted",
      forgottenThrottleStates),
    StoreRequirement(
      "AuditLog", "an account's events read with its name now, and follow it across a rename",
      auditAfterRename),
    StoreRequirement(
      "AuditLog", "audit queries filter by name, kinds and time, newest first", auditQueries),
  ]

  static func locks(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("lena")
    #expect(try await harness.store.read { try $0.userRecord(id: user.id)?.lock } == nil)
    let lock = AccountLock(lockedAt: ContractSample.time(5), reason: "laptop stolen")
    try await harness.store.write { try $0.setLock(lock, for: user.id, at: ContractSample.time(6)) }
    let locked = try await harness.reopen().read {
      try $0.userRecord(named: ContractSample.username("lena"))
    }
    #expect(locked?.lock == lock)
    #expect(locked?.user.updatedAt == ContractSample.time(6))
    #expect(locked?.passwordHash == ContractSample.passwordHash)
    try await harness.store.write { try $0.setLock(nil, for: user.id, at: ContractSample.time(7)) }
    #expect(try await harness.store.read { try $0.userRecord(id: user.id)?.lock } == nil)
  }

  static func expiry(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("vera")
    #expect(try await harness.store.read { try $0.userRecord(id: user.id)?.expiresAt } == nil)
    try await harness.store.write {
      try $0.setExpiry(ContractSample.time(50), for: user.id, at: ContractSample.time(6))
    }
    let expiring = try await harness.reopen().read {
      try $0.userRecord(named: ContractSample.username("vera"))
    }
    #expect(expiring?.expiresAt == ContractSample.time(50))
    #expect(expiring?.user.updatedAt == ContractSample.time(6))
    #expect(expiring?.isExpired(at: ContractSample.time(49)) == false)
    #expect(expiring?.isExpired(at: ContractSample.time(50)) == true)
    // The account's other changes keep it, and a session's own expiry beside it (a column
    // of the same name) does not stand in for it.
    try await harness.store.write { context in
      try context.setLock(
        AccountLock(lockedAt: ContractSample.time(7), reason: ""), for: user.id,
        at: ContractSample.time(7))
      try context.updatePasswordHash(
        ContractSample.passwordHash, for: user.id, at: ContractSample.time(8))
      try context.renameUser(
        user.id, to: ContractSample.username("vera2"), at: ContractSample.time(9))
      try context.insertSampleSession(1, for: user.id, from: 9, until: 99)
    }
    let kept = try await harness.store.read { try $0.userRecords(after: nil, limit: 10) }
    #expect(kept.map(\.expiresAt) == [ContractSample.time(50)])
    #expect(kept.map(\.lock?.lockedAt) == [ContractSample.time(7)])
    try await harness.store.write {
      try $0.setExpiry(nil, for: user.id, at: ContractSample.time(10))
    }
    let cleared = try await harness.reopen().read { try $0.userRecord(id: user.id) }
    #expect(cleared?.expiresAt == nil)
    #expect(cleared?.user.updatedAt == ContractSample.time(10))
  }

  static func deletion(_ harness: StoreUnderTest) async throws {
    let (gone, kept) = try await harness.store.write { context in
      let gone = try context.insertSampleUser("gone")
      let kept = try context.insertSampleUser("kept")
      try context.insertSampleSession(1, for: gone.id, until: 99)
      try context.insertSampleSession(2, for: kept.id, until: 99)
      try context.append(
        AuthEventDraft(
          time: ContractSample.time(1), kind: .signUp, userID: gone.id, username: "gone", detail: ""
        ))
      return (gone, kept)
    }
    #expect(try await harness.store.write { try $0.deleteUser(gone.id) })
    #expect(try await harness.store.write { try $0.deleteUser(gone.id) } == false)
    try await harness.store.read { context throws in
      #expect(try context.userRecord(id: gone.id) == nil)
      #expect(try context.sessions(of: gone.id).isEmpty)
      #expect(try context.sessions(of: kept.id).count == 1)
      let events = try context.events(matching: AuditQuery(username: "gone"))
      #expect(events.map(\.draft.kind) == [.signUp])
      #expect(events.first?.draft.userID == nil)
    }
  }

  static func expiredSessions(_ harness: StoreUnderTest) async throws {
    try await harness.store.write { context in
      let user = try context.insertSampleUser("mia")
      for byte in UInt8(1)...5 {
        try context.insertSampleSession(byte, for: user.id, until: Int(byte) * 10)
      }
    }
    #expect(
      try await harness.store.read { try $0.countExpiredSessions(asOf: ContractSample.time(30)) }
        == 3)
    #expect(
      try await harness.store.write {
        try $0.deleteExpiredSessions(asOf: ContractSample.time(30), limit: 2)
      } == 2)
    #expect(
      try await harness.store.write {
        try $0.deleteExpiredSessions(asOf: ContractSample.time(30), limit: 0)
      } == 0)
    #expect(
      try await harness.store.write {
        try $0.deleteExpiredSessions(asOf: ContractSample.time(30), limit: nil)
      }
        == 1)
    #expect(
      try await harness.store.read { try $0.countExpiredSessions(asOf: ContractSample.time(30)) }
        == 0)
    #expect(
      try await harness.store.read { try $0.countExpiredSessions(asOf: ContractSample.time(50)) }
        == 2)
  }

  static func forgottenThrottleStates(_ harness: StoreUnderTest) async throws {
    let states: [(String, ThrottleState)] = [
      (
        "old",
        ThrottleState(
          consecutiveFailures: 2, lockedUntil: nil, lastFailureAt: ContractSample.time(10))
      ),
      (
        "older",
        ThrottleState(
          consecutiveFailures: 7, lockedUntil: ContractSample.time(20),
          lastFailureAt: ContractSample.time(5))
      ),
      (
        "locked",
        ThrottleState(
          consecutiveFailures: 9, lockedUntil: ContractSample.time(500),
          lastFailureAt: ContractSample.time(10))
      ),
      (
        "recent",
        ThrottleState(
          consecutiveFailures: 1, lockedUntil: nil, lastFailureAt: ContractSample.time(200))
      ),
      ("unknown", ThrottleState(consecutiveFailures: 1, lockedUntil: nil)),
    ]
    try await harness.store.write { context in
      for (name, state) in states { try context.saveThrottleState(state, for: name) }
    }
    let read = try await harness.reopen().read { try $0.throttleState(for: "older") }
    #expect(read == states[1].1)
    #expect(try await harness.store.read { try $0.throttleState(for: "unknown") } == states[4].1)
    let count = try await harness.store.read {
      try $0.countForgottenThrottleStates(
        at: ContractSample.time(100), failuresBefore: ContractSample.time(50))
    }
    #expect(count == 2)
    let first = try await harness.store.write {
      try $0.deleteForgottenThrottleStates(
        at: ContractSample.time(100), failuresBefore: ContractSample.time(50), limit: 1)
    }
    #expect(first == 1)
    // The oldest failure goes first.
    #expect(try await harness.store.read { try $0.throttleState(for: "older") } == .clear)
    let rest = try await harness.store.write {
      try $0.deleteForgottenThrottleStates(
        at: ContractSample.time(100), failuresBefore: ContractSample.time(50), limit: nil)
    }
    #expect(rest == 1)
    for (name, state) in states[2...] {
      #expect(try await harness.store.read { try $0.throttleState(for: name) } == state, "\(name)")
    }
  }

  static func auditAfterRename(_ harness: StoreUnderTest) async throws {
    let ada = try await harness.store.write { context in
      let ada = try context.insertSampleUser("ada")
      try context.append(
        AuthEventDraft(
          time: ContractSample.time(1), kind: .signUp, userID: ada.id, username: "ada", detail: ""))
      try context.renameUser(ada.id, to: ContractSample.username("ava"), at: ContractSample.time(2))
      return ada
    }
    try await harness.store.read { context throws in
      let events = try context.events(matching: AuditQuery(userID: ada.id))
      #expect(events.map(\.draft.username) == ["ava"])
      #expect(try context.events(matching: AuditQuery(username: "ada")).isEmpty)
    }
    // Once deleted, its events are found under its last name, and read with it.
    #expect(try await harness.store.write { try $0.deleteUser(ada.id) })
    try await harness.store.read { context throws in
      let events = try context.events(matching: AuditQuery(username: "ava"))
      #expect(events.map(\.draft.username) == ["ava"])
      #expect(events.map(\.draft.userID) == [nil])
    }
  }

  static func auditQueries(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("nora")
    let drafts = try await harness.appendSampleEvents(
      of: user,
      then: [
        AuthEventDraft(
          time: ContractSample.time(4), kind: .accountLocked, userID: user.id, username: "nora",
          detail: ""),
        AuthEventDraft(
          time: ContractSample.time(5), kind: .pruned, userID: nil, username: nil, detail: "0"),
      ])
    try await harness.store.read { context throws in
      // The SQLite store keeps a failed sign-in's name with no account as its keyed hash.
      let all = try context.events(matching: AuditQuery()).map(\.draft)
      #expect(all.map(\.time) == drafts.reversed().map(\.time))
      #expect(all.map(\.userID) == drafts.reversed().map(\.userID))
      #expect(
        all.filter { $0.kind != .signInFailed }
          == drafts.reversed().filter { $0.kind != .signInFailed })
      #expect(
        try context.events(matching: AuditQuery(userID: user.id)).map(\.draft.time)
          == [ContractSample.time(4), ContractSample.time(3), ContractSample.time(1)])
      // A name alone selects events of no account: "nobody"'s attempt, never nora's events.
      #expect(try context.events(matching: AuditQuery(username: "nora")).isEmpty)
      #expect(
        try context.events(matching: AuditQuery(username: "nobody")).map(\.draft.time) == [
          ContractSample.time(2)
        ])
      #expect(
        try context.events(matching: AuditQuery(kinds: [.signUp, .pruned])).map(\.draft.kind)
          == [.pruned, .signUp])
      #expect(try context.events(matching: AuditQuery(since: ContractSample.time(4))).count == 2)
      #expect(try context.events(matching: AuditQuery(limit: 1)).map(\.draft) == [drafts[4]])
      #expect(
        try context.events(matching: AuditQuery(username: "nobody", kinds: [.signUp])).isEmpty)
      #expect(
        try context.latestEventTime(of: user.id, kinds: [.signUp, .signInSucceeded])
          == ContractSample.time(3))
      #expect(try context.latestEventTime(of: user.id, kinds: [.passwordReset]) == nil)
    }
  }
}
