import Foundation
import Testing

/// Several processes sign in to and out of the same accounts at once, while others
/// hammer other accounts with wrong passwords.
@Suite("Concurrent sign-ins and sign-outs", .serialized)
struct ConcurrentSignInTests {
  private static let accounts = ["shared-a", "shared-b", "shared-c"]
  private static let targets = ["target-a", "target-b"]
  private static let password = "shared account pass phrase"
  private static let clients = 6
  private static let rounds = 8

  /// The session a client started (known by its stored token hash, which names it
  /// without trusting ids), and whether it ended: signed out, or replaced by the same
  /// client's next sign-in, which ends the session whose token it replaces.
  struct Started: Sendable {
    let account: String
    let tokenHash: Data
    let ended: Bool
  }

  @Test("every session created is listed or was signed out; throttle counts are exact")
  func signInsAndOutsRace() async throws {
    let workspace = try Workspace("signins")
    defer { workspace.remove() }
    for name in Self.accounts + Self.targets {
      let made = try await workspace.run(
        database: nil, ["signup", "--username", name, "--password-stdin"],
        lines: [Self.password], client: "setup")
      try #require(made.exitCode == ExitCodes.ok, "signup \(name): \(made.summary)")
    }
    let before = try DatabaseSnapshot.read(workspace.database)

    async let started = concurrently(Array(0..<Self.clients), width: Self.clients) { client in
      try await Self.signInAndOut(client: client, in: workspace)
    }
    // Eight wrong passwords per target at once: five count, then the name is locked and
    // the rest are refused uncounted, whatever the interleaving.
    let attempts = Self.targets.flatMap { name in (0..<8).map { (name, $0) } }
    async let failures = concurrently(attempts, width: 8) { name, number in
      try await workspace.run(
        database: nil, ["signin", "--username", name, "--password-stdin"],
        lines: ["not the password \(number)"], client: "attacker\(number)")
    }
    let sessions = try await started.flatMap { $0 }
    for failure in try await failures {
      #expect(failure.exitCode == ExitCodes.noPermission, "wrong password: \(failure.summary)")
    }

    let snapshot = try ConsistencyCheck.expectConsistent(workspace.database)
    for (number, session) in sessions.enumerated() {
      let stored = snapshot.sessionsByTokenHash[session.tokenHash]
      if session.ended {
        #expect(stored == nil, "session \(number) was ended but still exists")
      } else {
        let owner = stored.flatMap { snapshot.sessions[$0] }.flatMap { snapshot.usernamesByID[$0] }
        #expect(owner == session.account, "session \(number) of \(session.account) is missing")
      }
    }
    let kept = sessions.filter { !$0.ended }.map(\.tokenHash)
    #expect(
      Set(snapshot.sessionsByTokenHash.keys) == Set(before.sessionsByTokenHash.keys).union(kept),
      "sessions appeared or vanished")
    for name in Self.targets {
      #expect(
        snapshot.failures(of: name) == 5,
        "\(name): failures counted \(snapshot.failures(of: name) ?? 0)")
      let failed = snapshot.events.filter {
        // An account's events name it; a name with no account is kept as its keyed hash.
        $0.kind == "sign_in_failed"
          && ($0.username == name || $0.username == snapshot.keyedName(name))
      }
      #expect(failed.count == 8, "\(name): \(failed.count) failed sign-ins audited")
    }
    for name in Self.accounts {
      #expect(snapshot.failures(of: name) == nil, "\(name) has failures recorded")
    }
    try await Self.expectListed(sessions, workspace: workspace, snapshot: snapshot)
  }

  /// A client signs in to each shared account in turn, reads its session id, and signs out
  /// every other time.
  static func signInAndOut(client: Int, in workspace: Workspace) async throws -> [Started] {
    var started: [Started] = []
    for round in 0..<rounds {
      let account = accounts[(client + round) % accounts.count]
      let name = "client\(client)"
      let signedIn = try await workspace.run(
        database: nil, ["signin", "--username", account, "--password-stdin"],
        lines: [password], client: name)
      try #require(signedIn.exitCode == ExitCodes.ok, "signin: \(signedIn.summary)")
      let tokens = try StoredTokens.tokens(in: workspace.stateFolder(client: name))
      try #require(tokens.count == 1, "the state folder holds \(tokens.count) tokens")
      let hash = try #require(tokens.first.flatMap(StoredTokens.storedHash))
      let listed = try await workspace.run(
        database: nil, ["sessions", "list", "--json"], client: name)
      try #require(listed.exitCode == ExitCodes.ok, "sessions list: \(listed.summary)")
      _ = try SessionList(listed.output).current
      let signOut = round.isMultiple(of: 2)
      if signOut {
        let ended = try await workspace.run(database: nil, ["signout"], client: name)
        try #require(ended.exitCode == ExitCodes.ok, "signout: \(ended.summary)")
      }
      let replacedLater = round < rounds - 1
      started.append(
        Started(account: account, tokenHash: hash, ended: signOut || replacedLater))
    }
    return started
  }

  /// Signs in once more to each account and checks `sessions list` shows every kept session.
  static func expectListed(
    _ sessions: [Started], workspace: Workspace, snapshot: DatabaseSnapshot
  ) async throws {
    for account in accounts {
      let client = "checker-\(account)"
      let signedIn = try await workspace.run(
        database: nil, ["signin", "--username", account, "--password-stdin"],
        lines: [password], client: client)
      try #require(signedIn.exitCode == ExitCodes.ok, "signin: \(signedIn.summary)")
      let listed = try await workspace.run(
        database: nil, ["sessions", "list", "--json"], client: client)
      let list = try SessionList(listed.output)
      let stored = snapshot.sessions.filter { snapshot.usernamesByID[$0.value] == account }.keys
      // Nothing ended since the snapshot: the list is its sessions plus the checker's own.
      #expect(Set(list.ids).subtracting([list.current]) == Set(stored), "\(account): listing")
      for session in sessions where session.account == account && !session.ended {
        let id = snapshot.sessionsByTokenHash[session.tokenHash]
        #expect(id.map(list.ids.contains) == true, "a kept session of \(account) is not listed")
      }
    }
  }
}

/// The JSON of `sessions list --json`: an array of objects with `id` and `current`.
struct SessionList {
  /// Every listed session id.
  let ids: [Int64]
  /// The id marked current.
  let current: Int64

  /// Parses the command's standard output.
  init(_ output: Data) throws {
    guard let array = try JSONSerialization.jsonObject(with: output) as? [[String: Any]] else {
      throw HarnessError("sessions list --json is not an array of objects")
    }
    ids = array.compactMap { Self.id(of: $0) }
    guard let current = array.first(where: { ($0["current"] as? Bool) == true }).flatMap(Self.id)
    else { throw HarnessError("sessions list --json marks no session current") }
    self.current = current
  }

  /// The `id` of one entry, whether written as a number or as text.
  private static func id(of entry: [String: Any]) -> Int64? {
    if let number = entry["id"] as? NSNumber { return number.int64Value }
    return (entry["id"] as? String).flatMap { Int64($0) }
  }
}
