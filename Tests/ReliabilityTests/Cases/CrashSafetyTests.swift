import Foundation
import Testing

/// Kills authcli with SIGKILL at random moments while it signs people up and changes a
/// password, then checks that the database is whole and every reported success holds.
@Suite("Crash safety", .serialized)
struct CrashSafetyTests {
  private static let rounds = 36
  private static let passwords = ["first rotating pass phrase", "second rotating pass phrase"]

  /// A sign-up that was started, and whether authcli reported it done.
  struct SignUp {
    let name: String
    let password: String
    let reported: Bool
  }

  @Test("after SIGKILL at random moments the database is whole and reported work holds")
  func killedAtRandom() async throws {
    let seed = SeededGenerator.seedFromEnvironment(for: "crash safety")
    var random = SeededGenerator(seed: seed)
    let workspace = try Workspace("crash")
    defer { workspace.remove() }
    let changer = "changer"
    var current = Self.passwords[0]
    let clock = ContinuousClock()
    let setupStart = clock.now
    let made = try await workspace.run(
      database: nil, ["signup", "--username", "spinner", "--password-stdin"],
      lines: [current], client: changer)
    try #require(made.exitCode == ExitCodes.ok, "signup: \(made.summary)")
    // Kill moments spread from the start to past the usual end of a run on this machine,
    // so that some processes die at every stage and some finish.
    let usualRun = setupStart.duration(to: clock.now)
    let usualMilliseconds =
      usualRun.components.seconds * 1000 + usualRun.components.attoseconds / 1_000_000_000_000_000
    let latestKill = max(100, Int(usualMilliseconds) * 3)

    var signUps: [SignUp] = []
    var killed = 0
    for round in 0..<Self.rounds {
      let next = current == Self.passwords[0] ? Self.passwords[1] : Self.passwords[0]
      var names: [String] = []
      var processes: [RunningProcess] = []
      for slot in 0..<2 {
        let name = "crash\(round)-\(slot)"
        let password = Self.password(round: round, slot: slot)
        names.append(name)
        processes.append(
          try workspace.start(
            ["--db", workspace.database, "signup", "--username", name, "--password-stdin"],
            input: Data("\(password)\n".utf8), client: "signup\(slot)"))
      }
      processes.append(
        try workspace.start(
          ["--db", workspace.database, "passwd", "--password-stdin"],
          input: Data("\(current)\n\(next)\n".utf8), client: changer))
      // Every sixth round kills at once and every sixth lets all finish, so both ends
      // are covered however slow the machine is; the others kill at a random moment.
      let delay = Int.random(in: 0...latestKill, using: &random)
      if round % 6 != 0, round % 6 != 5 { try await Task.sleep(for: .milliseconds(delay)) }
      if round % 6 != 5 { for process in processes { process.kill() } }
      var results: [RunResult] = []
      for process in processes { results.append(try await process.wait(limit: .seconds(30))) }
      killed += results.filter(\.signalled).count
      for (index, name) in names.enumerated() {
        let result = results[index]
        #expect(
          result.signalled || result.exitCode == ExitCodes.ok, "signup \(name): \(result.summary)")
        signUps.append(
          SignUp(
            name: name, password: Self.password(round: round, slot: index),
            reported: result.exitCode == 0))
      }
      let changed = results[2]
      #expect(changed.signalled || changed.exitCode == ExitCodes.ok, "passwd: \(changed.summary)")
      if changed.exitCode == ExitCodes.ok {
        current = next
      } else {
        current = try await Self.currentPassword(of: "spinner", among: [current, next], workspace)
      }
      try ConsistencyCheck.expectConsistent(workspace.database)
    }
    let line =
      "crash safety: \(killed) of \(Self.rounds * 3) processes killed, \(signUps.filter(\.reported).count) of \(signUps.count) sign-ups reported done\n"
    FileHandle.standardError.write(Data(line.utf8))
    #expect(killed > 0, "no process was ever killed; the kill moments are too late")
    #expect(signUps.contains { $0.reported }, "no sign-up ever finished; kills come too early")

    let snapshot = try ConsistencyCheck.expectConsistent(workspace.database)
    let signUpEvents = Set(snapshot.events.filter { $0.kind == "sign_up" }.compactMap(\.username))
    for signUp in signUps {
      let exists = snapshot.users[signUp.name] != nil
      if signUp.reported { #expect(exists, "\(signUp.name) was reported created but is missing") }
      guard exists else { continue }
      #expect(signUpEvents.contains(signUp.name), "\(signUp.name) exists without its sign-up event")
      let signedIn = try await workspace.run(
        database: nil, ["signin", "--username", signUp.name, "--password-stdin"],
        lines: [signUp.password], client: "verifier")
      #expect(
        signedIn.exitCode == ExitCodes.ok, "\(signUp.name) cannot sign in: \(signedIn.summary)")
    }
    let finalCheck = try await workspace.run(
      database: nil, ["signin", "--username", "spinner", "--password-stdin"], lines: [current],
      client: "verifier")
    #expect(finalCheck.exitCode == ExitCodes.ok, "the rotating password is lost")
  }

  /// The password of sign-up `slot` in `round` (never containing the username).
  static func password(round: Int, slot: Int) -> String {
    "pass phrase number \(round) slot \(slot)"
  }

  /// Which of two passwords signs in now (after a killed `passwd`); exactly one must.
  /// A wrong try counts one failure, which the right try clears.
  static func currentPassword(
    of name: String, among candidates: [String], _ workspace: Workspace
  ) async throws -> String {
    for candidate in candidates {
      let result = try await workspace.run(
        database: nil, ["signin", "--username", name, "--password-stdin"], lines: [candidate],
        client: "changer")
      if result.exitCode == ExitCodes.ok { return candidate }
      try #require(result.exitCode == ExitCodes.noPermission, "signin: \(result.summary)")
    }
    throw HarnessError("neither the old nor the new password of \(name) signs in")
  }
}
