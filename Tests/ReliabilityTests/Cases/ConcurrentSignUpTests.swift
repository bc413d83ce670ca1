import Foundation
import Testing

/// Eight processes sign up fifty names each at the same time; half of every process's names
/// are also signed up by its partner process, so those two race for the same name.
@Suite("Concurrent sign-ups", .serialized)
struct ConcurrentSignUpTests {
  private static let workers = 8
  private static let namesPerWorker = 50
  private static let password = "concurrent signup pass phrase"

  /// The names worker `worker` signs up: 25 shared with its partner, 25 of its own,
  /// interleaved so the contended ones are spread over the whole run.
  static func names(for worker: Int) -> [String] {
    let pair = worker / 2
    return (0..<namesPerWorker).map { index in
      index.isMultiple(of: 2) ? "pair\(pair)-\(index / 2)" : "solo\(worker)-\(index / 2)"
    }
  }

  @Test("every name exists once; each loser is told it is taken; nobody sees busy")
  func signUpsRace() async throws {
    let workspace = try Workspace("signups")
    defer { workspace.remove() }
    let migrated = try await workspace.run(database: nil, ["migrate"])
    try #require(migrated.exitCode == ExitCodes.ok, "migrate: \(migrated.summary)")

    let outcomes = try await concurrently(Array(0..<Self.workers), width: Self.workers) {
      worker in
      var results: [(name: String, result: RunResult)] = []
      for name in Self.names(for: worker) {
        let result = try await workspace.run(
          database: nil, ["signup", "--username", name, "--password-stdin"],
          lines: [Self.password], client: "worker\(worker)")
        results.append((name, result))
      }
      return results
    }.flatMap { $0 }

    for (name, result) in outcomes {
      #expect(!result.signalled && !result.timedOut, "\(name): \(result.summary)")
      #expect(result.exitCode != ExitCodes.busy, "\(name): busy: \(result.summary)")
      let text = result.errorText.lowercased()
      #expect(!text.contains("busy") && !text.contains("locked"), "\(name): \(result.summary)")
    }
    let byName = Dictionary(grouping: outcomes, by: \.name)
    for (name, attempts) in byName {
      let winners = attempts.filter { $0.result.exitCode == ExitCodes.ok }
      #expect(winners.count == 1, "\(name): \(winners.count) successful sign-ups")
      for loser in attempts where loser.result.exitCode != ExitCodes.ok {
        #expect(loser.result.exitCode == ExitCodes.invalidData, "\(name): \(loser.result.summary)")
        #expect(
          loser.result.errorText.lowercased().contains("taken"),
          "\(name): the loser was not told the name is taken: \(loser.result.summary)")
      }
    }

    let snapshot = try ConsistencyCheck.expectConsistent(workspace.database)
    #expect(Set(snapshot.users.keys) == Set(byName.keys))
    #expect(snapshot.users.count == byName.count)
    #expect(snapshot.events.filter { $0.kind == "sign_up" }.count == byName.count)
  }
}
