import Testing

/// Sign-ups run at once from many clients against one PostgreSQL database, directly or
/// through PgBouncer, where several clients may try the same name.
struct SignUpStorm {
  /// Each attempt's name, and the number of the client that tries it.
  let attempts: [(String, Int)]
  /// Each attempt's name and how its sign-up ended, in the order of `attempts`.
  private(set) var results: [(String, RunResult)] = []

  init(_ attempts: [(String, Int)]) { self.attempts = attempts }

  /// Runs every attempt against `database`, at most `width` at once, each client with a
  /// state folder of its own.
  mutating func run(
    database: String, password: String, width: Int, in workspace: Workspace
  ) async throws {
    results = try await concurrently(attempts, width: width) { name, client in
      (
        name,
        try await workspace.run(
          database: database, ["signup", "--username", name, "--password-stdin"],
          lines: [password], client: "client\(client)-\(name)")
      )
    }
  }

  /// Expects each of `names` created exactly once, every other attempt at it told the name
  /// is taken (never busy).
  func expectCreatedOnce(_ names: Set<String>) {
    for name in names {
      let outcomes = results.filter { $0.0 == name }.map(\.1)
      #expect(outcomes.filter { $0.exitCode == ExitCodes.ok }.count == 1, "\(name) created once")
      for outcome in outcomes where outcome.exitCode != ExitCodes.ok {
        #expect(outcome.exitCode == ExitCodes.invalidData, "\(name): \(outcome.summary)")
      }
    }
  }
}
