import AuthCore
import AuthPostgres
import AuthStorage
import Foundation
import Synchronization
import Testing

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
