import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// Bursts of `authcli verify` for one account, as a web server's authenticator runs one
/// process per request and a browser opens several connections at once: the right password
/// always passes, wrong guesses are judged no more than the throttle's limit, and a check
/// killed while it verifies counts nothing.
@Suite("Bursts of checks of one account", .serialized)
final class CheckBurstTests: WorkspaceCase {
  private static let password = "shared account pass phrase"
  private static let burst = 20

  @Test("20 processes verifying the right password at once all pass, on a database file")
  func rightPasswordBurstOnAFile() async throws {
    try await Self.signUp("owner", database: workspace.database, in: workspace)
    let results = try await Self.verifyAtOnce(
      Self.password, database: workspace.database, in: workspace)
    for result in results {
      #expect(result.exitCode == ExitCodes.ok, "right password: \(result.summary)")
    }
    let snapshot = try DatabaseSnapshot.read(workspace.database)
    #expect(snapshot.failures(of: "owner") == nil)
    #expect(snapshot.events.filter { $0.kind == "sign_in_failed" }.isEmpty)
  }

  @Test(
    "20 processes verifying the right password at once all pass, on PostgreSQL",
    .needsPostgres)
  func rightPasswordBurstOnPostgres() async throws {
    let target = try TestPostgres.freshSchema()
    try await Self.signUp("owner", database: target.connectionString, in: workspace)
    let results = try await Self.verifyAtOnce(
      Self.password, database: target.connectionString, in: workspace)
    for result in results {
      #expect(result.exitCode == ExitCodes.ok, "right password: \(result.summary)")
    }
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    #expect(snapshot.failures(of: "owner") == nil)
    #expect(snapshot.events.filter { $0.kind == "sign_in_failed" }.isEmpty)
  }

  @Test(
    "20 right passwords, then 20 wrong guesses, at once through PgBouncer in transaction mode",
    .needsPgBouncer)
  func burstsThroughThePooler() async throws {
    // As many processes as the pool has server connections: waiting for a turn must not
    // hold one, or the turn's holder would find none left for its own writes.
    let (pooled, direct) = try TestPostgres.freshPooledSchema()
    try await Self.signUp("owner", database: pooled.connectionString, in: workspace)
    let right = try await Self.verifyAtOnce(
      Self.password, database: pooled.connectionString, in: workspace)
    for result in right {
      #expect(result.exitCode == ExitCodes.ok, "right password: \(result.summary)")
    }
    let wrong = try await Self.verifyAtOnce(
      "not the password", database: pooled.connectionString, in: workspace)
    for result in wrong {
      #expect(result.exitCode == ExitCodes.noPermission, "wrong password: \(result.summary)")
    }
    let snapshot = try PostgresSnapshot.expectConsistent(direct)
    let details = snapshot.events.filter { $0.kind == "sign_in_failed" }.map(\.detail)
    #expect(details.filter { $0 == "wrong password (verify)" }.count == 5)
    #expect(details.filter { $0 == "locked (verify)" }.count == Self.burst - 5)
    #expect(snapshot.failures(of: "owner") == 5)
  }

  @Test("20 wrong guesses at once: five judged, the rest refused as locked, then so is the owner")
  func wrongGuessBurst() async throws {
    try await Self.signUp("owner", database: workspace.database, in: workspace)
    let results = try await Self.verifyAtOnce(
      "not the password", database: workspace.database, in: workspace)
    for result in results {
      #expect(result.exitCode == ExitCodes.noPermission, "wrong password: \(result.summary)")
    }
    let snapshot = try DatabaseSnapshot.read(workspace.database)
    let details = snapshot.events.filter { $0.kind == "sign_in_failed" }.map(\.detail)
    #expect(details.filter { $0 == "wrong password (verify)" }.count == 5)
    #expect(details.filter { $0 == "locked (verify)" }.count == Self.burst - 5)
    #expect(snapshot.failures(of: "owner") == 5)
    let owner = try await workspace.run(
      ["--db", workspace.database, "verify", "--username", "owner", "--password-stdin"],
      input: Data((Self.password + "\n").utf8), client: "owner", environment: Self.standardCost)
    #expect(owner.exitCode == ExitCodes.noPermission, "while locked: \(owner.summary)")
  }

  @Test("a check killed while it verifies counts nothing, and the owner passes at once")
  func killedCheckCountsNothing() async throws {
    // A costly hash, so that the verify lasts long enough to be killed in the middle.
    let costly = ["AUTHCLI_ARGON2": "moderate"]
    let made = try await workspace.run(
      ["--db", workspace.database, "signup", "--username", "owner", "--password-stdin"],
      input: Data((Self.password + "\n" + Self.password + "\n").utf8), client: "setup",
      environment: costly)
    try #require(made.exitCode == ExitCodes.ok, "signup: \(made.summary)")
    for round in 0..<6 {
      let check = try workspace.start(
        ["--db", workspace.database, "verify", "--username", "owner", "--password-stdin"],
        input: Data("not the password \(round)\n".utf8), client: "killed\(round)",
        environment: costly)
      try await Self.waitUntilVerifying(check, limit: .seconds(20))
      check.kill()
      let ended = try await check.wait(limit: .seconds(10))
      #expect(ended.signalled, "round \(round): \(ended.summary)")
    }
    let snapshot = try DatabaseSnapshot.read(workspace.database)
    #expect(snapshot.failures(of: "owner") == nil)
    #expect(snapshot.events.filter { $0.kind == "sign_in_failed" }.isEmpty)
    let owner = try await workspace.run(
      ["--db", workspace.database, "verify", "--username", "owner", "--password-stdin"],
      input: Data((Self.password + "\n").utf8), client: "owner", environment: costly)
    #expect(owner.exitCode == ExitCodes.ok, "after the killed checks: \(owner.summary)")
  }

  /// The standard cost, at which a verify lasts long enough (tens of milliseconds) for the
  /// checks of a burst to overlap, as they do on a server; at the tests' minimum cost each
  /// would be over before the next began.
  private static let standardCost = ["AUTHCLI_ARGON2": "interactive"]

  /// Signs `name` up with the shared password, at the standard cost.
  private static func signUp(
    _ name: String, database: String, in workspace: Workspace
  ) async throws {
    let made = try await workspace.run(
      ["--db", database, "signup", "--username", name, "--password-stdin"],
      input: Data((password + "\n" + password + "\n").utf8), client: "setup",
      environment: standardCost)
    try #require(made.exitCode == ExitCodes.ok, "signup \(name): \(made.summary)")
  }

  /// Runs `burst` processes of `verify` for the owner with `password`, all at once, each as
  /// a client of its own (no device cookie).
  private static func verifyAtOnce(
    _ password: String, database: String, in workspace: Workspace
  ) async throws -> [RunResult] {
    try await concurrently(Array(0..<burst), width: burst) { number in
      try await workspace.run(
        ["--db", database, "verify", "--username", "owner", "--password-stdin"],
        input: Data((password + "\n").utf8), client: "request\(number)",
        environment: standardCost, limit: .seconds(120))
    }
  }

  /// Waits until the process is verifying: its resident memory holds much of Argon2id's
  /// 256 MiB at the moderate cost, which nothing else in a check comes near.
  private static func waitUntilVerifying(_ process: RunningProcess, limit: Duration) async throws {
    let deadline = ContinuousClock.now.advanced(by: limit)
    while ContinuousClock.now < deadline {
      let status = (try? String(contentsOfFile: "/proc/\(process.pid)/status", encoding: .utf8))
      let resident = status?.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
        .flatMap { Int($0) }
      if let resident, resident > 96 * 1024 { return }
      try await Task.sleep(for: .milliseconds(2))
    }
    throw HarnessError("the check did not start verifying within \(limit)")
  }
}
