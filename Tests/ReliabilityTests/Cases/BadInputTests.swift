import Foundation
import Testing

/// Thousands of generated command lines and inputs: nothing crashes, hangs, or exits with
/// a code outside the documented set, and the database stays sound.
@Suite("Bad input", .serialized)
struct BadInputTests {
  /// How many cases; `RELIABILITY_FUZZ_CASES` overrides.
  static let caseCount =
    Int(ProcessInfo.processInfo.environment["RELIABILITY_FUZZ_CASES"] ?? "") ?? 2_000

  @Test("no crash, no hang, only documented exit codes, the database still sound")
  func generatedCases() async throws {
    let seed = SeededGenerator.seedFromEnvironment(for: "bad input")
    let workspace = try Workspace("badinput")
    defer { workspace.remove() }
    let owner = try await workspace.run(
      database: nil, ["signup", "--username", "fuzzowner", "--password-stdin"],
      lines: ["a perfectly fine pass phrase"], client: "signed-in")
    try #require(owner.exitCode == ExitCodes.ok, "signup: \(owner.summary)")

    var fuzzer = InputFuzzer(seed: seed, database: workspace.database)
    let cases = (0..<Self.caseCount).map { fuzzer.next(number: $0) }
    let outcomes = try await concurrently(cases, width: 4) { fuzzCase in
      let result = try await Self.run(fuzzCase, in: workspace)
      let ending =
        result.timedOut
        ? "timeout" : result.signalled ? "signal \(result.status)" : "exit \(result.status)"
      return (ending, Self.problem(with: result).map { "\(fuzzCase.label): \($0)" })
    }
    let problems = outcomes.compactMap(\.1)
    let tally = Dictionary(grouping: outcomes, by: \.0).mapValues(\.count)
    let counts = tally.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }
    FileHandle.standardError.write(Data("bad input: \(counts.joined(separator: ", "))\n".utf8))
    // The generator must reach past argument parsing, or the cases prove little.
    #expect(tally.filter { $0.key != "exit 64" }.values.reduce(0, +) > cases.count / 3)
    #expect(problems.isEmpty, "\(problems.count) of \(cases.count) cases failed (seed \(seed))")
    for problem in problems.prefix(25) {
      Issue.record("\(problem) (seed \(seed))")
    }
    try ConsistencyCheck.expectConsistent(workspace.database)
    for client in ["signed-in", "fuzz0", "fuzz1", "fuzz2", "fuzz3"] {
      let fallback = workspace.root + "/clients/\(client)/data/authcli/auth.sqlite3"
      if FileManager.default.fileExists(atPath: fallback) {
        try ConsistencyCheck.expectConsistent(fallback)
      }
    }
  }

  /// What is wrong with a run's ending, or nil when it is acceptable.
  static func problem(with result: RunResult) -> String? {
    if result.timedOut { return "hung: \(result.summary)" }
    if result.signalled { return "crashed: \(result.summary)" }
    guard let code = result.exitCode, ExitCodes.documented.contains(code) else {
      return "undocumented exit: \(result.summary)"
    }
    if code == ExitCodes.software { return "internal error: \(result.summary)" }
    return nil
  }

  /// Runs one case; arguments go to authcli as raw bytes.
  static func run(_ fuzzCase: FuzzCase, in workspace: Workspace) async throws -> RunResult {
    let limit: Duration = fuzzCase.input.count > 100_000 ? .seconds(40) : .seconds(20)
    let process = try workspace.start(
      bytes: fuzzCase.arguments, input: fuzzCase.input, client: fuzzCase.client)
    return try await process.wait(limit: limit)
  }
}
