import AuthCore
import AuthPostgres
import AuthStorage
import Foundation
import Synchronization
import Testing

/// The races the use cases rely on the store to settle, each with several stores on one
/// database (separate connections, as separate processes have; one shared store in memory).
@Suite("Store races")
struct StoreRaceTests {
  private static let contenders = 8

  @Test(
    "one name signed up by many at once: exactly one row, the rest usernameTaken",
    arguments: StoreLocation.allCases)
  func duplicateNames(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let stores = try (0..<Self.contenders).map { _ in try harness.secondStore() }
    let name = try username("contended")
    let outcomes = try await withThrowingTaskGroup(of: Bool.self) { group in
      for (index, store) in stores.enumerated() {
        group.addTask {
          do {
            _ = try await store.write {
              try $0.insertUser(username: name, passwordHash: sampleHash, at: time(index))
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
    #expect(try harness.rowCount("users") == 1)
  }

  @Test(
    "throttle counts read and written by many at once are exact",
    arguments: StoreLocation.allCases)
  func exactThrottleCounts(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
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

  @Test(
    "a session revoked while another connection uses it is gone for that one at once",
    arguments: StoreLocation.allCases)
  func revocationDuringUse(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let other = try harness.secondStore()
    let user = try await harness.store.write {
      try $0.insertUser(username: username("victim"), passwordHash: sampleHash, at: time(0))
    }
    let session = try await harness.store.write {
      try $0.insertSession(
        userID: user.id, tokenHash: tokenHash(5), createdAt: time(0), expiresAt: time(1000))
    }
    let seen = try await other.read { try $0.authenticatedSession(tokenHash: tokenHash(5)) }
    #expect(seen?.session.id == session.id)
    let revoked = try await harness.store.write { try $0.deleteSession(session.id) }
    #expect(revoked)
    // The user of the session renews it in a write that resolves it again first: it finds
    // nothing, and a touch of the deleted row changes nothing.
    let renewed = try await other.write { context -> Bool in
      guard try context.authenticatedSession(tokenHash: tokenHash(5)) != nil else { return false }
      try context.touchSession(session.id, lastUsedAt: time(10), expiresAt: time(2000))
      return true
    }
    #expect(!renewed)
    #expect(try await other.read { try $0.authenticatedSession(tokenHash: tokenHash(5)) } == nil)
    try await other.write {
      try $0.touchSession(session.id, lastUsedAt: time(20), expiresAt: time(3000))
    }
    #expect(try harness.rowCount("sessions") == 0)
  }

  @Test(
    "a read that issues several statements sees one snapshot", arguments: StoreLocation.allCases)
  func multiStatementRead(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let user = try await harness.store.write {
      try $0.insertUser(username: username("reader"), passwordHash: sampleHash, at: time(0))
    }
    let both = try await harness.store.read { context in
      (try context.userRecord(id: user.id)?.user, try context.sessions(of: user.id).count)
    }
    #expect(both.0 == user)
    #expect(both.1 == 0)
  }
}

@Suite("PostgreSQL store")
struct PostgresStoreTests {
  @Test(
    "a serialization failure is retried; with no attempts left it is busy",
    .enabled(if: StoreLocation.allCases.contains(.postgres)), arguments: [1, 12])
  func retriesThenBusy(attempts: Int) async throws {
    let harness = try StoreHarness(.postgres)
    try await harness.store.write {
      try $0.saveThrottleState(ThrottleState(consecutiveFailures: 0, lockedUntil: nil), for: "x")
    }
    let target = try TestTarget.of(harness)
    let store = try PostgresAuthStore.open(target, writeAttempts: attempts)
    // Another connection has changed the row and not committed yet; the store's write reads
    // the old value, blocks on the row, and fails to serialise once the other commits. The
    // row is the table's only one (its name is stored as a keyed hash, not as 'x').
    let rival = RivalTransaction(
      target: target,
      sql: "UPDATE sign_in_throttle SET consecutive_failures = consecutive_failures + 10")
    try await rival.waitUntilChanged()
    let outcome = await failure {
      try await store.write { context in
        let state = try context.throttleState(for: "x")
        rival.commitSoon()
        try context.saveThrottleState(
          ThrottleState(consecutiveFailures: state.consecutiveFailures + 1, lockedUntil: nil),
          for: "x")
      }
    }
    let final = try await harness.store.read { try $0.throttleState(for: "x") }
    if attempts == 1 {
      #expect((outcome as? AuthError) == .store(.busy))
      #expect(final.consecutiveFailures == 10)
    } else {
      #expect(outcome == nil)
      #expect(final.consecutiveFailures == 11)
    }
  }

  @Test(
    "an unreachable server is its own error, with libpq's reason and no password",
    .enabled(if: StoreLocation.allCases.contains(.postgres)))
  func unreachableServer() throws {
    let folder = try TemporaryFolder()
    let uri = "postgresql://someone:s3cret@/nothing?host=\(folder.path("no-socket-here"))"
    let target = try #require(PostgresTarget(uri: uri))
    #expect(target.hasPassword)
    #expect(!target.displayName.contains("s3cret"))
    let error = #expect(throws: PostgresError.self) { try PostgresAuthStore.open(target) }
    guard case .connectionFailed(let shown, let reason)? = error else {
      Issue.record("expected connectionFailed, got \(String(describing: error))")
      return
    }
    #expect(!shown.contains("s3cret") && !reason.contains("s3cret"))
    #expect(reason.contains("No such file or directory"))
  }
}

/// What `body` threw, or `nil`.
private func failure(_ body: () async throws -> Void) async -> (any Error)? {
  do {
    try await body()
    return nil
  } catch {
    return error
  }
}

/// The target a harness's PostgreSQL store was opened with.
enum TestTarget {
  static func of(_ harness: StoreHarness) throws -> PostgresTarget {
    guard let target = harness.postgresTarget else { throw HarnessError.unknownStore }
    return target
  }
}

/// A transaction on a connection of its own thread: it runs `sql`, then waits to be told
/// to commit (a store's blocked write must not wait on the thread that would commit).
final class RivalTransaction: Sendable {
  private let changed = DispatchSemaphore(value: 0)
  private let commit = DispatchSemaphore(value: 0)
  private let failure = Mutex<String?>(nil)

  init(target: PostgresTarget, sql: String) {
    let thread = Thread { [self] in
      do {
        let connection = try PostgresConnection.connect(target.connectionString, target: "rival")
        try connection.executeScript("BEGIN ISOLATION LEVEL SERIALIZABLE")
        try connection.execute(PostgresQuery(sql: sql))
        changed.signal()
        commit.wait()
        // Long enough for the store's statement to reach the row lock first.
        Thread.sleep(forTimeInterval: 0.2)
        try connection.executeScript("COMMIT")
      } catch {
        failure.withLock { $0 = "\(error)" }
        changed.signal()
      }
    }
    thread.start()
  }

  /// Returns once the rival's change is made (uncommitted).
  func waitUntilChanged() async throws {
    await withCheckedContinuation { continuation in
      DispatchQueue.global().async { [changed] in
        changed.wait()
        continuation.resume()
      }
    }
    if let message = failure.withLock({ $0 }) { throw RivalError(message: message) }
  }

  /// Lets the rival commit shortly.
  func commitSoon() { commit.signal() }
}

struct RivalError: Error {
  let message: String
}
