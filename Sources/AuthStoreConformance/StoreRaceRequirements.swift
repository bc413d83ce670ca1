import AuthCore
import Testing

/// `AuthStore`: the races the use cases rely on the store to settle, each with several stores
/// on one database (separate connections, as separate processes have; one shared store where
/// nothing else can reach it).
extension StoreContract {
  static let races: [StoreRequirement] = [
    StoreRequirement(
      "AuthStore",
      "one name signed up by many at once: exactly one row, the rest usernameTaken",
      duplicateNames),
    StoreRequirement(
      "AuthStore", "throttle counts read and written by many at once are exact",
      exactThrottleCounts),
    StoreRequirement(
      "AuthStore",
      "a session revoked while another connection uses it is gone for that one at once",
      revocationDuringUse),
    StoreRequirement(
      "AuthStore", "a read that issues several statements sees one snapshot", multiStatementRead),
  ]

  private static let contenders = 8

  static func duplicateNames(_ harness: StoreUnderTest) async throws {
    let stores = try (0..<Self.contenders).map { _ in try harness.secondStore() }
    let name = try ContractSample.username("contended")
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for (index, store) in stores.enumerated() {
        group.addTask {
          do {
            _ = try await store.write {
              try $0.insertUser(
                username: name, passwordHash: ContractSample.passwordHash,
                at: ContractSample.time(index))
            }
            return true
          } catch AuthError.store(.usernameTaken) {
            return false
          }
        }
      }
      return try await group.reduce(into: [Bool]()) { $0.append($1) }
    }
    #expect(outcomes.filter { $0 }.count == 1)
    #expect(outcomes.count == Self.contenders)
    #expect(try await harness.userCount() == 1)
  }

  static func exactThrottleCounts(_ harness: StoreUnderTest) async throws {
    let stores = try (0..<Self.contenders).map { _ in try harness.secondStore() }
    let rounds = 5
    try await withThrowingTaskGroup(of: Void.self) { group in
      for store in stores {
        group.addTask {
          for _ in 0..<rounds {
            try await store.write { context in
              let state = try context.throttleState(for: "target")
              try context.saveThrottleState(
                ThrottleState(
                  consecutiveFailures: state.consecutiveFailures + 1, lockedUntil: nil),
                for: "target")
            }
          }
        }
      }
      try await group.waitForAll()
    }
    let final = try await harness.store.read { try $0.throttleState(for: "target") }
    #expect(final.consecutiveFailures == Self.contenders * rounds)
  }

  static func revocationDuringUse(_ harness: StoreUnderTest) async throws {
    let other = try harness.secondStore()
    let user = try await harness.insertSampleUser("victim")
    let session = try await harness.store.write {
      try $0.insertSampleSession(5, for: user.id, until: 1000)
    }
    let seen = try await other.read {
      try $0.authenticatedSession(tokenHash: ContractSample.tokenHash(5))
    }
    #expect(seen?.session.id == session.id)
    let revoked = try await harness.store.write { try $0.deleteSession(session.id) }
    #expect(revoked)
    // The user of the session renews it in a write that resolves it again first: it finds
    // nothing, and a touch of the deleted row changes nothing.
    let renewed = try await other.write { context -> Bool in
      guard try context.authenticatedSession(tokenHash: ContractSample.tokenHash(5)) != nil else {
        return false
      }
      try context.touchSession(
        session.id, lastUsedAt: ContractSample.time(10), expiresAt: ContractSample.time(2000))
      return true
    }
    #expect(!renewed)
    #expect(
      try await other.read { try $0.authenticatedSession(tokenHash: ContractSample.tokenHash(5)) }
        == nil)
    try await other.write {
      try $0.touchSession(
        session.id, lastUsedAt: ContractSample.time(20), expiresAt: ContractSample.time(3000))
    }
    #expect(try await harness.sessionCount() == 0)
  }

  static func multiStatementRead(_ harness: StoreUnderTest) async throws {
    let user = try await harness.insertSampleUser("reader")
    let both = try await harness.store.read { context in
      (try context.userRecord(id: user.id)?.user, try context.sessions(of: user.id).count)
    }
    #expect(both.0 == user)
    #expect(both.1 == 0)
  }
}
