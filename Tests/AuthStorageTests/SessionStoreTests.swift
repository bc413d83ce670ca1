import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("Session store")
struct SessionStoreTests {
  private func makeUser(_ store: any AuthStore, _ name: String) async throws -> User {
    try await store.write {
      try $0.insertUser(username: username(name), passwordHash: sampleHash, at: time(0))
    }
  }

  @Test(
    "insert, look up by token hash with its user, and survive a reopen",
    arguments: StoreLocation.allCases)
  func insertAndLookUp(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await makeUser(harness.store, "erin")
    let session = try await harness.store.write {
      try $0.insertSession(
        userID: user.id, tokenHash: tokenHash(1), createdAt: time(10), expiresAt: time(3600))
    }
    let store = try harness.reopen()
    let found = try await store.read { try $0.authenticatedSession(tokenHash: tokenHash(1)) }
    #expect(found == AuthenticatedSession(user: user, session: session))
    #expect(found?.session.lastUsedAt == time(10))
    let storedHash = try await store.read { try $0.tokenHash(of: session.id) }
    #expect(storedHash == tokenHash(1))
    let unknown = try await store.read { try $0.authenticatedSession(tokenHash: tokenHash(2)) }
    #expect(unknown == nil)
    let withHash = try await store.read {
      try $0.authenticatedSessionAndStoredHash(tokenHash: tokenHash(1))
    }
    #expect(withHash?.found == AuthenticatedSession(user: user, session: session))
    #expect(withHash?.storedHash == tokenHash(1))
    let unknownWithHash = try await store.read {
      try $0.authenticatedSessionAndStoredHash(tokenHash: tokenHash(2)) != nil
    }
    #expect(!unknownWithHash)
  }

  @Test(
    "a deleted session's id is never handed out again, even across a reopen",
    arguments: StoreLocation.allCases)
  func idsAreNeverReused(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await makeUser(harness.store, "gwen")
    func start(_ seed: UInt8) async throws -> SessionID {
      try await harness.store.write {
        try $0.insertSession(
          userID: user.id, tokenHash: tokenHash(seed), createdAt: time(0),
          expiresAt: time(100)
        ).id
      }
    }
    let first = try await start(20)
    let newest = try await start(21)
    _ = try await harness.store.write { try $0.deleteSession(newest) }
    try harness.reopen()
    let next = try await start(22)
    #expect(next.rawValue > newest.rawValue)
    #expect(next != first)
  }

  @Test("touch moves last use and expiry", arguments: StoreLocation.allCases)
  func touch(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await makeUser(harness.store, "frank")
    let session = try await harness.store.write {
      try $0.insertSession(
        userID: user.id, tokenHash: tokenHash(3), createdAt: time(0), expiresAt: time(100))
    }
    try await harness.store.write {
      try $0.touchSession(session.id, lastUsedAt: time(50), expiresAt: time(150))
    }
    let touched = try await harness.reopen().read { try $0.sessions(of: user.id) }
    #expect(touched.map(\.lastUsedAt) == [time(50)])
    #expect(touched.map(\.expiresAt) == [time(150)])
    #expect(touched.map(\.createdAt) == [time(0)])
  }

  @Test("delete one, all but one, and expired sessions", arguments: StoreLocation.allCases)
  func deletions(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await makeUser(harness.store, "grace")
    let other = try await makeUser(harness.store, "heidi")
    let ids = try await harness.store.write { context in
      try (1...4).map { index in
        try context.insertSession(
          userID: user.id, tokenHash: tokenHash(UInt8(index)), createdAt: time(index),
          expiresAt: time(index * 100)
        ).id
      }
    }
    let otherSession = try await harness.store.write {
      try $0.insertSession(
        userID: other.id, tokenHash: tokenHash(9), createdAt: time(0), expiresAt: time(50))
    }
    let listed = try await harness.store.read { try $0.sessions(of: user.id) }
    #expect(listed.map(\.id) == ids.reversed())

    let deleted = try await harness.store.write { try $0.deleteSession(ids[0]) }
    let deletedAgain = try await harness.store.write { try $0.deleteSession(ids[0]) }
    #expect(deleted && !deletedAgain)

    let ended = try await harness.store.write { try $0.deleteSessions(of: user.id, except: ids[3]) }
    #expect(ended == 2)
    #expect(try await harness.store.read { try $0.sessions(of: user.id) }.map(\.id) == [ids[3]])

    let expired = try await harness.store.write { try $0.deleteExpiredSessions(asOf: time(50)) }
    #expect(expired == 1)
    let remaining = try await harness.reopen().read { context in
      (try context.sessions(of: user.id), try context.tokenHash(of: otherSession.id))
    }
    #expect(remaining.0.map(\.id) == [ids[3]])
    #expect(remaining.1 == nil)

    let all = try await harness.store.write { try $0.deleteSessions(of: user.id, except: nil) }
    #expect(all == 1)
  }

  @Test(
    "a session for a missing user is refused by the foreign key", arguments: StoreLocation.allCases)
  func sessionForMissingUser(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let error = await #expect(throws: (any Error).self) {
      _ = try await harness.store.write {
        try $0.insertSession(
          userID: UserID(rawValue: 42), tokenHash: tokenHash(1), createdAt: time(0),
          expiresAt: time(10))
      }
    }
    #expect(error.map(StoreHarness.isForeignKeyViolation) == true)
  }

  @Test("deleting a user deletes its sessions", arguments: StoreLocation.allCases)
  func cascade(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await makeUser(harness.store, "ivan")
    _ = try await harness.store.write {
      try $0.insertSession(
        userID: user.id, tokenHash: tokenHash(7), createdAt: time(0), expiresAt: time(10))
    }
    try await harness.deleteUserRow(user.id)
    #expect(try harness.rowCount("sessions") == 0)
  }

  @Test(
    "times beyond 64-bit milliseconds are stored at the nearest end, never trapping",
    arguments: StoreLocation.allCases)
  func extremeTimesAreClamped(location: StoreLocation) async throws {
    let store = try StoreHarness(location).store
    let user = try await makeUser(store, "grace")
    let ends: [(byte: UInt8, expiresAt: Date)] = [
      (1, Date(timeIntervalSince1970: .infinity)), (2, Date(timeIntervalSince1970: 1e300)),
      (3, Date(timeIntervalSince1970: -.infinity)), (4, Date(timeIntervalSince1970: .nan)),
    ]
    for end in ends {
      _ = try await store.write {
        try $0.insertSession(
          userID: user.id, tokenHash: tokenHash(end.byte), createdAt: time(0),
          expiresAt: end.expiresAt)
      }
    }
    let stored = try await store.read { context in
      try ends.map { try context.authenticatedSession(tokenHash: tokenHash($0.byte)) }
    }
    let latest = Date(timeIntervalSince1970: Double(Int64.max) / 1000)
    let earliest = Date(timeIntervalSince1970: Double(Int64.min) / 1000)
    #expect(stored.map { $0?.session.expiresAt } == [latest, latest, earliest, earliest])
    #expect(stored.map { $0?.session.isActive(at: time(0)) } == [true, true, false, false])
  }
}
