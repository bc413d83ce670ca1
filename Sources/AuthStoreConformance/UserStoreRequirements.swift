import AuthCore
import Testing

/// `UserStore`: accounts kept, found, changed and unique by canonical name.
extension StoreContract {
  static let userStore: [StoreRequirement] = [
    StoreRequirement(
      "UserStore", "insert, find by name and id, and survive a reopen", insertAndFind),
    StoreRequirement(
      "UserStore", "a duplicate username in any letter case is usernameTaken", duplicateUsername),
    StoreRequirement(
      "UserStore", "updating the password hash moves updatedAt and persists", updatePasswordHash),
    StoreRequirement(
      "UserStore",
      "the demand for a new password is off at first, kept by other writes, and cleared only when asked",
      passwordChangeRequired),
    StoreRequirement(
      "UserStore", "a throwing write rolls back everything it did", throwingWriteRollsBack),
  ]

  static func insertAndFind(_ harness: StoreUnderTest) async throws {
    let alice = try ContractSample.username("Alice")
    let inserted = try await harness.store.write {
      try $0.insertUser(
        username: alice, passwordHash: ContractSample.passwordHash, at: ContractSample.time(0))
    }
    #expect(inserted.username == "alice")
    #expect(inserted.createdAt == ContractSample.time(0))

    let store = try harness.reopen()
    let byName = try await store.read { try $0.userRecord(named: alice) }
    let byID = try await store.read { try $0.userRecord(id: inserted.id) }
    #expect(byName == UserRecord(user: inserted, passwordHash: ContractSample.passwordHash))
    #expect(byID == byName)
    let missing = try await store.read { try $0.userRecord(named: ContractSample.username("bob")) }
    #expect(missing == nil)
  }

  static func duplicateUsername(_ harness: StoreUnderTest) async throws {
    _ = try await harness.insertSampleUser("Alice")
    for again in ["alice", "ALICE", "aLiCe"] {
      await #expect(throws: AuthError.store(.usernameTaken), "\(again)") {
        _ = try await harness.store.write {
          try $0.insertSampleUser(again, at: 1)
        }
      }
    }
    #expect(try await harness.userCount() == 1)
  }

  static func updatePasswordHash(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("carol")
    try await harness.store.write {
      try $0.updatePasswordHash("$argon2id$new", for: user.id, at: ContractSample.time(60))
    }
    let record = try await harness.reopen().read { try $0.userRecord(id: user.id) }
    #expect(record?.passwordHash == "$argon2id$new")
    #expect(record?.user.updatedAt == ContractSample.time(60))
    #expect(record?.user.createdAt == ContractSample.time(0))
  }

  static func passwordChangeRequired(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("erin")
    #expect(
      try await harness.store.read { try $0.userRecord(id: user.id) }?.passwordChangeRequired
        == false)
    try await harness.store.write {
      try $0.setPasswordChangeRequired(true, for: user.id, at: ContractSample.time(30))
      try $0.updatePasswordHash("$argon2id$same", for: user.id, at: ContractSample.time(40))
      try $0.setLock(
        AccountLock(lockedAt: ContractSample.time(50), reason: "r"), for: user.id,
        at: ContractSample.time(50))
      try $0.setLock(nil, for: user.id, at: ContractSample.time(55))
      try $0.renameUser(user.id, to: ContractSample.username("erin2"), at: ContractSample.time(60))
    }
    let kept = try await harness.reopen().read {
      try $0.userRecord(named: ContractSample.username("erin2"))
    }
    #expect(kept?.passwordChangeRequired == true)
    #expect(kept?.user.updatedAt == ContractSample.time(60))
    #expect(
      try await harness.store.read { try $0.userRecords(after: nil, limit: 10) }.map(
        \.passwordChangeRequired) == [true])
    try await harness.store.write {
      try $0.setPasswordChangeRequired(false, for: user.id, at: ContractSample.time(90))
    }
    let cleared = try await harness.reopen().read { try $0.userRecord(id: user.id) }
    #expect(cleared?.passwordChangeRequired == false)
    #expect(cleared?.user.updatedAt == ContractSample.time(90))
  }

  static func throwingWriteRollsBack(_ harness: StoreUnderTest) async throws {
    await #expect(throws: AuthError.notSignedIn) {
      _ = try await harness.store.write { context -> Int in
        _ = try context.insertSampleUser("dave")
        throw AuthError.notSignedIn
      }
    }
    let record = try await harness.reopen().read {
      try $0.userRecord(named: ContractSample.username("dave"))
    }
    #expect(record == nil)
  }
}
