import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

/// The process storms, on PostgreSQL: contended sign-ups, guessing with exact throttle
/// counts, SIGKILL mid-write, and a server restarted while commands run.
@Suite("PostgreSQL storms", .serialized, .needsPostgres)
final class PostgresStormTests: WorkspaceCase {
  private static let password = "shared account pass phrase"

  @Test("8 processes signing up the same names: each name exactly once, never busy")
  func contendedSignUps() async throws {
    let target = try TestPostgres.freshSchema()
    let names = (0..<6).map { "contended\($0)" }
    var storm = SignUpStorm((0..<8).flatMap { client in names.map { ($0, client) } })
    try await storm.run(
      database: target.connectionString, password: Self.password, width: 8, in: workspace)
    storm.expectCreatedOnce(Set(names))
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    #expect(Set(snapshot.users.keys) == Set(names))
    #expect(snapshot.sessions.count == names.count)
  }

  @Test("8 processes guessing at once: five failures count per name, then it is locked")
  func exactThrottleCounts() async throws {
    let target = try TestPostgres.freshSchema()
    let targets = ["target-a", "target-b"]
    for name in targets {
      let made = try await workspace.run(
        database: target.connectionString, ["signup", "--username", name, "--password-stdin"],
        lines: [Self.password, Self.password], client: "setup")
      try #require(made.exitCode == ExitCodes.ok, "signup \(name): \(made.summary)")
    }
    let attempts = targets.flatMap { name in (0..<8).map { (name, $0) } }
    let results = try await concurrently(attempts, width: 8) { [workspace] name, number in
      try await workspace.run(
        database: target.connectionString, ["signin", "--username", name, "--password-stdin"],
        lines: ["not the password \(number)"], client: "attacker\(number)")
    }
    for result in results {
      #expect(result.exitCode == ExitCodes.noPermission, "wrong password: \(result.summary)")
    }
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    for name in targets {
      let counted = snapshot.failures(of: name)
      #expect(counted == 5, "\(name): \(counted ?? 0) counted")
      let failed = snapshot.events.filter { $0.kind == "sign_in_failed" && $0.username == name }
      #expect(failed.count == 8, "\(name): \(failed.count) failed sign-ins audited")
    }
  }

  @Test("30 rounds of SIGKILL to clients mid-write leave nothing half-written")
  func killedMidWrite() async throws {
    var random = SeededGenerator(seed: SeededGenerator.seedFromEnvironment(for: "pg crash"))
    let target = try TestPostgres.freshSchema()
    let migrated = try await workspace.run(["--db", target.connectionString, "migrate"])
    try #require(migrated.exitCode == ExitCodes.ok, "migrate: \(migrated.summary)")
    var reported: [String] = []
    var killed = 0
    for round in 0..<30 {
      let processes = try (0..<2).map { slot in
        try workspace.start(
          [
            "--db", target.connectionString, "signup", "--username", "crash\(round)-\(slot)",
            "--password-stdin",
          ], input: Data("\(Self.password)\n\(Self.password)\n".utf8), client: "c\(slot)")
      }
      let delay = Int.random(in: 0...120, using: &random)
      if round % 6 != 5 {
        if round % 6 != 0 { try await Task.sleep(for: .milliseconds(delay)) }
        for process in processes { process.kill() }
      }
      for (slot, process) in processes.enumerated() {
        let result = try await process.wait(limit: .seconds(30))
        if result.signalled { killed += 1 }
        #expect(result.signalled || result.exitCode == ExitCodes.ok, "\(result.summary)")
        if result.exitCode == ExitCodes.ok { reported.append("crash\(round)-\(slot)") }
      }
      try PostgresSnapshot.expectConsistent(target)
    }
    #expect(killed > 0, "no process was ever killed")
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    for name in reported {
      #expect(snapshot.users[name] != nil, "\(name) was reported created but is missing")
    }
  }

  @Test("a server restarted mid-run: commands in flight fail with 69, nothing half-written")
  func serverRestart() async throws {
    let server = try ThrowawayServer()
    defer { server.stop() }
    let target = try #require(PostgresTarget(uri: server.uri))
    var outcomes: [RunResult] = []
    let restart = Task.detached { try server.restart(afterMilliseconds: 300) }
    for round in 0..<24 {
      outcomes.append(
        try await workspace.run(
          database: target.connectionString,
          ["signup", "--username", "during\(round)", "--password-stdin"],
          lines: [Self.password, Self.password], client: "c\(round % 4)"))
    }
    try await restart.value
    for outcome in outcomes where outcome.exitCode != ExitCodes.ok {
      #expect(outcome.exitCode == ExitCodes.unavailable, "\(outcome.summary)")
      #expect(outcome.errorText.contains("PostgreSQL"), "\(outcome.summary)")
    }
    let after = try await workspace.run(
      database: target.connectionString, ["signup", "--username", "after", "--password-stdin"],
      lines: [Self.password, Self.password], client: "after")
    #expect(after.exitCode == ExitCodes.ok, "\(after.summary)")
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    for (round, outcome) in outcomes.enumerated() where outcome.exitCode == ExitCodes.ok {
      #expect(snapshot.users["during\(round)"] != nil)
    }
    let line =
      "server restart: \(outcomes.filter { $0.exitCode == ExitCodes.unavailable }.count) of \(outcomes.count) sign-ups met the restart\n"
    FileHandle.standardError.write(Data(line.utf8))
  }
}

/// A PostgreSQL server of one test's own (`script/postgres`), which it may restart.
final class ThrowawayServer: Sendable {
  let folder: String
  let uri: String
  private static let script = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("script/postgres").path

  init() throws {
    folder = NSTemporaryDirectory() + "authcli-pg-\(UUID().uuidString.prefix(8))"
    try Self.run(["start", folder])
    uri = "postgresql:///authcli?host=\(folder)&user=authcli"
  }

  /// Restarts the server after a pause (fast shutdown: sessions are cut).
  func restart(afterMilliseconds pause: Int) throws {
    Thread.sleep(forTimeInterval: Double(pause) / 1000)
    try Self.run(["restart", folder])
  }

  func stop() { try? Self.run(["stop", folder]) }

  /// Runs the script to its end, its output discarded. (Foundation's `Process` is not used:
  /// waiting for it from a test's task did not return here once the server was started.)
  private static func run(_ arguments: [String]) throws {
    let command = ([script] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
    let status = system(command + " </dev/null >/dev/null")
    guard status == 0 else {
      throw HarnessError("script/postgres \(arguments[0]) failed: \(status)")
    }
  }
}
