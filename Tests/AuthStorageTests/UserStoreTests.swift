import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("User store")
struct UserStoreTests {
  @Test("insert, find by name and id, and survive a reopen", arguments: StoreLocation.allCases)
  func insertAndFind(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let alice = try username("Alice")
    let inserted = try await harness.store.write {
      try $0.insertUser(username: alice, passwordHash: sampleHash, at: time(0))
    }
    #expect(inserted.username == "alice")
    #expect(inserted.createdAt == time(0))

    let store = try harness.reopen()
    let byName = try await store.read { try $0.userRecord(named: alice) }
    let byID = try await store.read { try $0.userRecord(id: inserted.id) }
    #expect(byName == UserRecord(user: inserted, passwordHash: sampleHash))
    #expect(byID == byName)
    let missing = try await store.read { try $0.userRecord(named: username("bob")) }
    #expect(missing == nil)
  }

  @Test(
    "a duplicate username in any letter case is usernameTaken",
    arguments: StoreLocation.allCases, ["alice", "ALICE", "aLiCe"])
  func duplicateUsername(location: StoreLocation, again: String) async throws {
    let harness = try StoreHarness(location)
    _ = try await harness.store.write {
      try $0.insertUser(username: username("Alice"), passwordHash: sampleHash, at: time(0))
    }
    await #expect(throws: AuthError.store(.usernameTaken)) {
      _ = try await harness.store.write {
        try $0.insertUser(username: username(again), passwordHash: sampleHash, at: time(1))
      }
    }
    #expect(try harness.rowCount("users") == 1)
  }

  @Test(
    "updating the password hash moves updatedAt and persists", arguments: StoreLocation.allCases)
  func updatePasswordHash(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await harness.store.write {
      try $0.insertUser(username: username("carol"), passwordHash: sampleHash, at: time(0))
    }
    try await harness.store.write {
      try $0.updatePasswordHash("$argon2id$new", for: user.id, at: time(60))
    }
    let record = try await harness.reopen().read { try $0.userRecord(id: user.id) }
    #expect(record?.passwordHash == "$argon2id$new")
    #expect(record?.user.updatedAt == time(60))
    #expect(record?.user.createdAt == time(0))
  }

  @Test(
    "the demand for a new password is off at first, kept by other writes, and cleared only when asked",
    arguments: StoreLocation.allCases)
  func passwordChangeRequired(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await harness.store.write {
      try $0.insertUser(username: username("erin"), passwordHash: sampleHash, at: time(0))
    }
    #expect(
      try await harness.store.read { try $0.userRecord(id: user.id) }?.passwordChangeRequired
        == false)
    try await harness.store.write {
      try $0.setPasswordChangeRequired(true, for: user.id, at: time(30))
      try $0.updatePasswordHash("$argon2id$same", for: user.id, at: time(40))
      try $0.setLock(AccountLock(lockedAt: time(50), reason: "r"), for: user.id, at: time(50))
      try $0.setLock(nil, for: user.id, at: time(55))
      try $0.renameUser(user.id, to: username("erin2"), at: time(60))
    }
    let kept = try await harness.reopen().read { try $0.userRecord(named: username("erin2")) }
    #expect(kept?.passwordChangeRequired == true)
    #expect(kept?.user.updatedAt == time(60))
    #expect(
      try await harness.store.read { try $0.userRecords(after: nil, limit: 10) }.map(
        \.passwordChangeRequired) == [true])
    try await harness.store.write {
      try $0.setPasswordChangeRequired(false, for: user.id, at: time(90))
    }
    let cleared = try await harness.reopen().read { try $0.userRecord(id: user.id) }
    #expect(cleared?.passwordChangeRequired == false)
    #expect(cleared?.user.updatedAt == time(90))
  }

  @Test("a throwing write rolls back everything it did", arguments: StoreLocation.allCases)
  func throwingWriteRollsBack(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    await #expect(throws: AuthError.notSignedIn) {
      _ = try await harness.store.write { context -> Int in
        _ = try context.insertUser(
          username: username("dave"), passwordHash: sampleHash, at: time(0))
        throw AuthError.notSignedIn
      }
    }
    let record = try await harness.reopen().read { try $0.userRecord(named: username("dave")) }
    #expect(record == nil)
  }
}
