import AuthCore
import Foundation
import Testing

/// `SessionStore`: sessions kept by their token's hash, used, listed and ended.
extension StoreContract {
  static let sessionStore: [StoreRequirement] = [
    StoreRequirement(
      "SessionStore", "insert, look up by token hash with its user, and survive a reopen",
      insertAndLookUp),
    StoreRequirement(
      "SessionStore", "a deleted session's id is never handed out again, even across a reopen",
      idsAreNeverReused),
    StoreRequirement("SessionStore", "touch moves last use and expiry", touch),
    StoreRequirement("SessionStore", "delete one, all but one, and expired sessions", deletions),
    StoreRequirement(
      "SessionStore", "a session for a missing user is refused, and nothing is kept",
      sessionForMissingUser),
    StoreRequirement(
      "SessionStore",
      "times beyond 64-bit milliseconds are stored at the nearest end, never trapping",
      extremeTimesAreClamped),
  ]

  static func insertAndLookUp(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("erin")
    let session = try await harness.store.write {
      try $0.insertSampleSession(1, for: user.id, from: 10, until: 3600)
    }
    let store = try harness.reopen()
    let found = try await store.read {
      try $0.authenticatedSession(tokenHash: ContractSample.tokenHash(1))
    }
    #expect(found == AuthenticatedSession(user: user, session: session))
    #expect(found?.session.lastUsedAt == ContractSample.time(10))
    let storedHash = try await store.read { try $0.tokenHash(of: session.id) }
    #expect(storedHash == ContractSample.tokenHash(1))
    let unknown = try await store.read {
      try $0.authenticatedSession(tokenHash: ContractSample.tokenHash(2))
    }
    #expect(unknown == nil)
    let withHash = try await store.read {
      try $0.authenticatedSessionAndStoredHash(tokenHash: ContractSample.tokenHash(1))
    }
    #expect(withHash?.found == AuthenticatedSession(user: user, session: session))
    #expect(withHash?.storedHash == ContractSample.tokenHash(1))
    let unknownWithHash = try await store.read {
      try $0.authenticatedSessionAndStoredHash(tokenHash: ContractSample.tokenHash(2)) != nil
    }
    #expect(!unknownWithHash)
  }

  static func idsAreNeverReused(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("gwen")
    func start(_ seed: UInt8) async throws -> SessionID {
      try await harness.store.write {
        try $0.insertSampleSession(seed, for: user.id, until: 100).id
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

  static func touch(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("frank")
    let session = try await harness.store.write {
      try $0.insertSampleSession(3, for: user.id, until: 100)
    }
    try await harness.store.write {
      try $0.touchSession(
        session.id, lastUsedAt: ContractSample.time(50), expiresAt: ContractSample.time(150))
    }
    let touched = try await harness.reopen().read { try $0.sessions(of: user.id) }
    #expect(touched.map(\.lastUsedAt) == [ContractSample.time(50)])
    #expect(touched.map(\.expiresAt) == [ContractSample.time(150)])
    #expect(touched.map(\.createdAt) == [ContractSample.time(0)])
  }

  static func deletions(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("grace")
    let other = try await harness.insertSampleUser("heidi")
    let ids = try await harness.store.write { context in
      try (1...4).map { index in
        try context.insertSampleSession(UInt8(index), for: user.id, from: index, until: index * 100)
          .id
      }
    }
    let otherSession = try await harness.store.write {
      try $0.insertSampleSession(9, for: other.id, until: 50)
    }
    let listed = try await harness.store.read { try $0.sessions(of: user.id) }
    #expect(listed.map(\.id) == ids.reversed())

    let deleted = try await harness.store.write { try $0.deleteSession(ids[0]) }
    let deletedAgain = try await harness.store.write { try $0.deleteSession(ids[0]) }
    #expect(deleted && !deletedAgain)

    let ended = try await harness.store.write { try $0.deleteSessions(of: user.id, except: ids[3]) }
    #expect(ended == 2)
    #expect(try await harness.store.read { try $0.sessions(of: user.id) }.map(\.id) == [ids[3]])

    let expired = try await harness.store.write {
      try $0.deleteExpiredSessions(asOf: ContractSample.time(50))
    }
    #expect(expired == 1)
    let remaining = try await harness.reopen().read { context in
      (try context.sessions(of: user.id), try context.tokenHash(of: otherSession.id))
    }
    #expect(remaining.0.map(\.id) == [ids[3]])
    #expect(remaining.1 == nil)

    let all = try await harness.store.write { try $0.deleteSessions(of: user.id, except: nil) }
    #expect(all == 1)
  }

  static func sessionForMissingUser(_ harness: StoreUnderTest) async throws {
    let error = await #expect(throws: AuthError.self) {
      _ = try await harness.store.write {
        try $0.insertSampleSession(1, for: UserID(rawValue: 42), until: 10)
      }
    }
    // The engines' foreign key, or a store's own check: a failure of the store either way,
    // never a taken name or a thrown-away refusal.
    guard case .store(.failed)? = error else {
      Issue.record("expected a store failure, got \(String(describing: error))")
      return
    }
    #expect(try await harness.sessionCount() == 0)
  }

  static func extremeTimesAreClamped(_ harness: StoreUnderTest) async throws {
    let store = harness.store
    let user = try await harness.insertSampleUser("grace")
    let ends: [(byte: UInt8, expiresAt: Date)] = [
      (1, Date(timeIntervalSince1970: .infinity)), (2, Date(timeIntervalSince1970: 1e300)),
      (3, Date(timeIntervalSince1970: -.infinity)), (4, Date(timeIntervalSince1970: .nan)),
    ]
    for end in ends {
      _ = try await store.write {
        try $0.insertSession(
          userID: user.id, tokenHash: ContractSample.tokenHash(end.byte),
          createdAt: ContractSample.time(0),
          expiresAt: end.expiresAt)
      }
    }
    let stored = try await store.read { context in
      try ends.map {
        try context.authenticatedSession(tokenHash: ContractSample.tokenHash($0.byte))
      }
    }
    let latest = Date(timeIntervalSince1970: Double(Int64.max) / 1000)
    let earliest = Date(timeIntervalSince1970: Double(Int64.min) / 1000)
    #expect(stored.map { $0?.session.expiresAt } == [latest, latest, earliest, earliest])
    #expect(
      stored.map { $0?.session.isActive(at: ContractSample.time(0)) } == [true, true, false, false])
  }
}
