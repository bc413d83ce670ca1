import AuthPostgres
import Foundation
import PostgresTestSupport
import Synchronization
import Testing

/// A primary with a synchronous hot standby (`script/postgres start-pair`), and authcli given
/// both in one multi-host URI with `target_session_attrs=read-write`: the primary crashes in
/// the middle of a storm of sign-ups and sign-ins, the standby is promoted, nothing a
/// client was told was saved is lost, and every client is still signed in.
@Suite("PostgreSQL failover", .serialized, .needsPostgres)
struct PostgresFailoverTests {
  private static let password = "failover pass phrase"
  /// Successful commands before the primary is crashed.
  private static let commandsBeforeCrash = 12
  /// How long no server accepts writes: from the crash to the promotion.
  private static let windowWithoutPrimary = Duration.milliseconds(400)
  /// Tries of one command, as a script that follows the hint would make, 100 ms apart.
  private static let triesPerCommand = 40
  /// Clients that sign in just before the crash, each with a session of its own.
  private static let witnesses = 8

  @Test(
    "primary crashed mid-storm, standby promoted: every command 0 or 69 and retried, nothing lost")
  func failoverLosesNothing() async throws {
    let pair = try ScriptedPostgres(.pair)
    defer { pair.stop() }
    let workspace = try Workspace("pg-failover")
    defer { workspace.remove() }
    let migrated = try await workspace.run(["--db", pair.uri, "migrate"])
    try #require(migrated.exitCode == ExitCodes.ok, "migrate: \(migrated.summary)")
    // A session made before the storm, used after the failover.
    let early = try await workspace.run(
      ["--db", pair.uri, "signup", "--username", "early-bird", "--password-stdin"],
      input: Data("\(Self.password)\n".utf8), client: "early")
    try #require(early.exitCode == ExitCodes.ok, "signup: \(early.summary)")

    let progress = FailoverProgress()
    let clock = ContinuousClock()
    let failover = Task.detached {
      // Clients that all stopped early (every command failing) must not leave this waiting.
      while progress.completed < Self.commandsBeforeCrash {
        if progress.clientsDone == 4 { return }
        try await Task.sleep(for: .milliseconds(10))
      }
      // Sessions made in the middle of the storm, just before the crash.
      for witness in 0..<Self.witnesses {
        let signedIn = try await workspace.run(
          ["--db", pair.uri, "signin", "--username", "early-bird", "--password-stdin"],
          input: Data("\(Self.password)\n".utf8), client: "witness\(witness)")
        #expect(signedIn.exitCode == ExitCodes.ok, "witness \(witness): \(signedIn.summary)")
      }
      progress.mark(crashed: clock.now)
      try pair.crashPrimary()
      try await Task.sleep(for: Self.windowWithoutPrimary)
      try pair.promoteStandby()
      progress.mark(promoted: clock.now)
    }
    let commands = try await concurrently(Array(0..<4), width: 4) { client in
      defer { progress.clientDone() }
      return try await Self.storm(
        client: client, workspace: workspace, uri: pair.uri, progress: progress)
    }.flatMap { $0 }
    try await failover.value

    // Every try ended 0, or 69 or 75 saying to try again; a sign-up tried again after a 69
    // may find its name taken (65): its first try was saved as its commit was cut off.
    var inDoubt: [String] = []
    for command in commands {
      for (index, result) in command.tries.enumerated() {
        let code = result.exitCode
        if code == ExitCodes.ok { continue }
        if code == ExitCodes.invalidData, command.isSignUp, index > 0,
          result.errorText.contains("taken")
        {
          inDoubt.append(command.name)
          continue
        }
        #expect(
          code == ExitCodes.unavailable || code == ExitCodes.busy,
          "\(command.label): \(result.summary)")
        #expect(result.errorText.contains("Try again"), "\(command.label): \(result.summary)")
      }
      #expect(command.succeeded, "\(command.label) never succeeded: \(command.tries.count) tries")
    }
    let failedTries = commands.flatMap(\.tries).filter { $0.exitCode != ExitCodes.ok }
    #expect(!failedTries.isEmpty, "no command met the failover")

    // The new primary, reached with the same URI, has every account and session a client
    // was told of, and nothing half-written.
    let target = try #require(PostgresTarget(uri: pair.uri))
    let snapshot = try PostgresSnapshot.expectConsistent(target)
    for command in commands where command.isSignUp && command.succeeded {
      #expect(snapshot.users[command.name] != nil, "\(command.name) was signed up but is missing")
    }
    // A sign-in writes its session and its audit event in one transaction: one that exited
    // 0 left its event.
    for name in Set(commands.map(\.name)) {
      let signedIn = commands.filter { !$0.isSignUp && $0.name == name }.flatMap(\.tries)
        .filter { $0.exitCode == ExitCodes.ok }.count
      let audited = snapshot.events.filter { $0.kind == "sign_in_succeeded" && $0.username == name }
      #expect(audited.count >= signedIn, "\(name): \(signedIn) sign-ins, \(audited.count) audited")
    }

    // Everyone is still signed in with the same URI on the promoted standby: the session
    // from before the storm, those made just before the crash, and each client's last.
    var signedIn: [(client: String, name: String)] = [("early", "early-bird")]
    signedIn += (0..<Self.witnesses).map { ("witness\($0)", "early-bird") }
    for client in 0..<4 {
      let last = commands.last { $0.name.hasPrefix("c\(client)-") && !$0.isSignUp && $0.succeeded }
      if let last { signedIn.append(("client\(client)", last.name)) }
    }
    for (client, name) in signedIn {
      let whoami = try await workspace.run(["--db", pair.uri, "whoami", "--json"], client: client)
      #expect(whoami.exitCode == ExitCodes.ok, "\(client): \(whoami.summary)")
      let shown = try? JSONSerialization.jsonObject(with: whoami.output) as? [String: Any]
      #expect(shown?["username"] as? String == name, "\(client): \(whoami.summary)")
    }

    // The next commands succeed with the same URI, on the promoted standby.
    let after = try await workspace.run(
      ["--db", pair.uri, "signup", "--username", "after-failover", "--password-stdin"],
      input: Data("\(Self.password)\n\(Self.password)\n".utf8), client: "after")
    #expect(after.exitCode == ExitCodes.ok, "\(after.summary)")
    let signin = try await workspace.run(
      ["--db", pair.uri, "signin", "--username", "after-failover", "--password-stdin"],
      input: Data("\(Self.password)\n".utf8), client: "after")
    #expect(signin.exitCode == ExitCodes.ok, "\(signin.summary)")
    let promoted = try PostgresConnection.connect(
      pair.socketURI(of: pair.standby), target: "the promoted standby")
    let state = try promoted.queryFirst(
      """
      SELECT pg_catalog.pg_is_in_recovery() AS recovering,
        (SELECT count(*) FROM users WHERE username = \("after-failover")) AS accounts
      """
    ) { row throws(PostgresError) in
      (try row.decode(Bool.self, "recovering"), try row.decode(Int64.self, "accounts"))
    }
    #expect(state?.0 == false, "the standby was promoted")
    #expect(state?.1 == 1, "the account made after the failover is on the promoted standby")

    let crashed = progress.crashedAt ?? clock.now
    let promotedAt = progress.promotedAt ?? clock.now
    let lastFailure = commands.flatMap(\.failureEnds).max() ?? crashed
    let retried = commands.filter { $0.tries.count > 1 }.count
    let milliseconds = { (duration: Duration) in
      Int(
        duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
      )
    }
    let line =
      "failover: \(commands.count) commands, \(failedTries.count) tries failed, \(retried) commands"
      + " retried, \(inDoubt.count) sign-ups found saved on retry; crash to promotion"
      + " \(milliseconds(promotedAt - crashed)) ms, crash to last failure"
      + " \(milliseconds(lastFailure - crashed)) ms; \(snapshot.users.count) accounts, none lost\n"
    FileHandle.standardError.write(Data(line.utf8))
  }

  /// One client's commands: sign up a new name and sign in with it, round after round, each
  /// tried again after a failure, until the standby was promoted and two of its rounds
  /// started after that (or 40 rounds, or a command that never succeeded).
  private static func storm(
    client: Int, workspace: Workspace, uri: String, progress: FailoverProgress
  ) async throws -> [Command] {
    var commands: [Command] = []
    var afterPromotion = 0
    rounds: for round in 0..<40 {
      if afterPromotion >= 2 { break }
      let name = "c\(client)-\(round)"
      let promotedBefore = progress.promotedAt != nil
      for isSignUp in [true, false] {
        let command = try await attempt(
          Command(name: name, isSignUp: isSignUp), workspace: workspace, client: client, uri: uri,
          progress: progress)
        commands.append(command)
        // A command that never succeeded fails the test; more rounds would only take longer.
        guard command.succeeded else { break rounds }
      }
      if promotedBefore { afterPromotion += 1 }
    }
    return commands
  }

  /// Runs one command until it succeeds (or a sign-up finds its name taken after a failed
  /// try), at most `triesPerCommand` times.
  private static func attempt(
    _ command: Command, workspace: Workspace, client: Int, uri: String,
    progress: FailoverProgress
  ) async throws -> Command {
    var command = command
    let clock = ContinuousClock()
    let verb = command.isSignUp ? "signup" : "signin"
    for _ in 0..<triesPerCommand {
      let result = try await workspace.run(
        database: uri, [verb, "--username", command.name, "--password-stdin"],
        lines: [password], client: "client\(client)")
      command.tries.append(result)
      if result.exitCode == ExitCodes.ok {
        progress.countSuccess()
        return command
      }
      if command.succeeded { return command }
      command.failureEnds.append(clock.now)
      try await Task.sleep(for: .milliseconds(100))
    }
    return command
  }
}

/// One command of the storm and every try of it.
private struct Command: Sendable {
  let name: String
  let isSignUp: Bool
  var tries: [RunResult] = []
  /// When each failed try ended.
  var failureEnds: [ContinuousClock.Instant] = []

  var label: String { (isSignUp ? "signup " : "signin ") + name }

  /// Whether the last try succeeded, or a sign-up tried again found its name taken.
  var succeeded: Bool {
    guard let last = tries.last else { return false }
    if last.exitCode == ExitCodes.ok { return true }
    return isSignUp && tries.count > 1 && last.exitCode == ExitCodes.invalidData
      && last.errorText.contains("taken")
  }
}

/// What the storm and the failover tell each other.
private final class FailoverProgress: Sendable {
  private struct State {
    var completed = 0
    var clientsDone = 0
    var crashedAt: ContinuousClock.Instant?
    var promotedAt: ContinuousClock.Instant?
  }
  private let state = Mutex(State())

  var completed: Int { state.withLock { $0.completed } }
  var clientsDone: Int { state.withLock { $0.clientsDone } }
  var crashedAt: ContinuousClock.Instant? { state.withLock { $0.crashedAt } }
  var promotedAt: ContinuousClock.Instant? { state.withLock { $0.promotedAt } }

  func countSuccess() { state.withLock { $0.completed += 1 } }
  func clientDone() { state.withLock { $0.clientsDone += 1 } }
  func mark(crashed: ContinuousClock.Instant) { state.withLock { $0.crashedAt = crashed } }
  func mark(promoted: ContinuousClock.Instant) { state.withLock { $0.promotedAt = promoted } }
}
