import AuthTestSupport
import Foundation
import Testing

/// The second step under processes that race: one code (TOTP or recovery) sent by several
/// clients at once signs in once, and many code guesses at once are judged no more often than the
/// throttle allows.
@Suite(
  "Second factor: codes that race", .serialized,
  .enabled(if: PyOTPPresence.runs, "needs Python's pyotp (script/setup)"))
struct SecondFactorRaceTests {
  private static let password = "second factor race pass phrase"

  /// The code pyotp computes for the base32 `secret`, `stepsAhead` periods from now.
  private static func code(secret: String, stepsAhead: Int = 0) throws -> String {
    let run = try ChildProcess.capture(
      "/usr/bin/env",
      [
        "python3", "-c",
        "import pyotp, sys, time; print(pyotp.TOTP(sys.argv[1]).at(time.time() + 30 * int(sys.argv[2])))",
        secret, String(stepsAhead),
      ])
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test(
    "one code, TOTP or recovery, sent by four clients at once signs in once; twelve guesses at once are judged at most five times"
  )
  func codesThatRace() async throws {
    let workspace = try Workspace("second-factor")
    defer { workspace.remove() }
    // Every client uses the one key file, as every process of one installation does.
    let key = ["AUTHCLI_SECRET_KEY_FILE": workspace.root + "/authcli.key"]
    @Sendable func run(
      _ arguments: [String], _ lines: [String], client: String
    ) async throws -> RunResult {
      try await workspace.run(
        ["--db", workspace.database] + arguments,
        input: Data(lines.map { $0 + "\n" }.joined().utf8), client: client, environment: key)
    }
    let made = try await run(
      ["signup", "--username", "ada", "--password-stdin"], [Self.password], client: "owner")
    try #require(made.exitCode == ExitCodes.ok, "signup: \(made.summary)")
    let enabled = try await run(["2fa", "enable", "--json"], [], client: "owner")
    let enrolment = try JSONSerialization.jsonObject(with: enabled.output) as? [String: Any]
    let secret = try #require(enrolment?["secret"] as? String, "2fa enable: \(enabled.summary)")
    let confirmed = try await run(
      ["2fa", "confirm", "--code-stdin", "--json"], [try Self.code(secret: secret)],
      client: "owner")
    let answer = try JSONSerialization.jsonObject(with: confirmed.output) as? [String: Any]
    let codes = try #require(
      answer?["recovery_codes"] as? [String], "2fa confirm: \(confirmed.summary)")

    // The next step's code (the current one turned the factor on), four times at once.
    let next = try Self.code(secret: secret, stepsAhead: 1)
    let totpRacers = try await concurrently(Array(0..<4), width: 4) { number in
      try await run(
        ["verify", "--username", "ada", "--password-stdin"], [Self.password, next],
        client: "totp\(number)")
    }
    #expect(totpRacers.filter { $0.exitCode == ExitCodes.ok }.count == 1)
    #expect(
      totpRacers.allSatisfy { [ExitCodes.ok, ExitCodes.noPermission].contains($0.exitCode) })
    // The losers' failures counted; a fresh count for the next race.
    let cleared = try await run(["users", "unlock", "ada"], [], client: "operator")
    try #require(cleared.exitCode == ExitCodes.ok, "unlock: \(cleared.summary)")

    let racers = try await concurrently(Array(0..<4), width: 4) { number in
      try await run(
        ["verify", "--username", "ada", "--password-stdin"], [Self.password, codes[0]],
        client: "racer\(number)")
    }
    #expect(racers.filter { $0.exitCode == ExitCodes.ok }.count == 1)
    #expect(racers.allSatisfy { [ExitCodes.ok, ExitCodes.noPermission].contains($0.exitCode) })

    // A fresh count, then twelve guesses (right password, wrong code) from twelve clients.
    let unlocked = try await run(["users", "unlock", "ada"], [], client: "operator")
    try #require(unlocked.exitCode == ExitCodes.ok, "unlock: \(unlocked.summary)")
    let guesses = try await concurrently(Array(0..<12), width: 12) { number in
      try await run(
        ["verify", "--username", "ada", "--password-stdin"],
        [Self.password, String(format: "abcde-%05d", number)], client: "guesser\(number)")
    }
    #expect(guesses.allSatisfy { $0.exitCode == ExitCodes.noPermission })
    let audit = try await run(["audit", "--user", "ada", "--json"], [], client: "operator")
    // Newest first: the guesses' rows are those before the unlock's (the racers that lost
    // were refused a used code, audited as a wrong one, before it).
    let events = try JSONSerialization.jsonObject(with: audit.output) as? [[String: Any]] ?? []
    let sinceUnlock = events.prefix { $0["kind"] as? String != "account_unlocked" }
    try #require(sinceUnlock.count < events.count, "no unlock in \(audit.summary)")
    let judged = sinceUnlock.filter { $0["detail"] as? String == "wrong recovery code" }.count
    #expect(judged >= 1 && judged <= 5, "\(judged) guesses judged")
    #expect(sinceUnlock.count == guesses.count, "one audit row per guess")
  }
}

/// Whether Python's pyotp, which computes the code that turns the factor on, is installed
/// (under CI the tests run and fail without it).
enum PyOTPPresence {
  static let runs: Bool =
    TestEnvironment.isContinuousIntegration
    || (try? ChildProcess.capture("/usr/bin/env", ["python3", "-c", "import pyotp"]))?.status == 0
}
