import AuthTestSupport
import Foundation
import Testing

/// A shadow entry's account expiry (field 8, days from 1970-01-01, as `chage -E` and
/// `usermod --expiredate` set it) through the real binary: an expiry that has come is a
/// lock, one still to come is kept as the account's expiry (`--drop-expiry` drops it), and
/// `--dry-run` judges every line as the real run does.
@Suite(
  "End to end: shadow expiry on import",
  .enabled(if: ImportTools.available, "needs openssl; under CI it runs and fails"))
struct ShadowExpiryTests {
  @Test func anExpiredEntryIsLockedAndAFutureExpiryIsKept() async throws {
    let sandbox = try Sandbox()
    func run(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(arguments, input: input, extraEnvironment: ImportTests.cost)
    }
    #expect(try await run(["migrate"]).status == 0)
    let password = "a leaver's pass phrase of some length"
    let hash = try ImportTools.line("openssl", ["passwd", "-6", password])
    let today = Int(Date().timeIntervalSince1970 / 86_400)
    let future = today + 400
    let futureDate = Date(timeIntervalSince1970: Double(future) * 86_400)
      .formatted(
        Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day())
    let shadow = [
      "leaver:\(hash):19700:0:99999:7::1:",
      "later:\(hash):19700:0:99999:7::\(future):",
      "stays:\(hash):19700:0:99999:7:::",
    ].joined(separator: "\n")
    let expired = "line 1: leaver: account expired on 1970-01-02 (--keep-locked imports it locked)"

    let strict = try await run(["users", "import", "--format", "shadow", "-"], input: shadow)
    #expect(strict.status == 65)
    #expect(strict.errors.contains(expired), "\(strict.errors)")
    #expect(!strict.errors.contains("line 2"), "\(strict.errors)")
    #expect(try await run(["users", "show", "stays"]).status == 65)

    // A dry run refuses the same lines with the same exit code, and accepts the same under
    // the same flags.
    let dry = try await run(
      ["users", "import", "--format", "shadow", "--dry-run", "-"], input: shadow)
    #expect(dry.status == strict.status)
    #expect(dry.errors.contains(expired) && !dry.errors.contains("line 2"), "\(dry.errors)")
    let dryKept = try await run(
      [
        "users", "import", "--format", "shadow", "--dry-run", "--keep-locked", "--drop-expiry",
        "--json", "-",
      ], input: shadow)
    let dryAccounts = try #require(
      (try dryKept.json() as? [String: Any])?["accounts"] as? [[String: Any]])
    #expect(dryAccounts.map { $0["locked"] as? Bool } == [true, false, false])
    #expect(dryAccounts[1]["dropped_expiry"] as? String == futureDate)
    #expect(dryAccounts[1]["expires_at"] as? String == nil)
    #expect(try await run(["users", "show", "leaver"]).status == 65)

    // Skipping the refused lines never brings the expired account back.
    let skipped = try await run(
      ["users", "import", "--format", "shadow", "--skip-invalid", "-"], input: shadow)
    #expect(skipped.status == 0, "\(skipped.errors)")
    #expect(skipped.errors.contains("skipped " + expired), "\(skipped.errors)")
    #expect(try await run(["users", "show", "leaver"]).status == 65)
    let later = try #require(
      try await run(["users", "show", "later", "--json"]).json() as? [String: Any])
    #expect(later["expires_at"] as? String == futureDate + "T00:00:00Z", "\(later)")
    #expect(later["locked"] as? Bool == false)
    let listed = try #require(
      try await run(["users", "list", "--json"]).json() as? [[String: Any]])
    #expect(listed.map { $0["expires_at"] as? String } == [futureDate + "T00:00:00Z", nil])
    for name in ["stays", "later"] {
      #expect(try await run(["users", "delete", name, "--yes"]).status == 0)
    }

    let kept = try await run(
      ["users", "import", "--format", "shadow", "--keep-locked", "--drop-expiry", "-"],
      input: shadow)
    #expect(kept.status == 0, "\(kept.errors)")
    #expect(kept.output.contains("Imported 3 accounts"), "\(kept.output)")
    #expect(
      kept.errors.contains("line 2: later: expiry \(futureDate) was dropped"), "\(kept.errors)")
    let leaver = try #require(
      try await run(["users", "show", "leaver", "--json"]).json() as? [String: Any])
    #expect(leaver["locked"] as? Bool == true)
    #expect(leaver["lock_reason"] as? String == "account expired on 1970-01-02 (shadow)")
    let refused = try await run(
      ["signin", "--username", "leaver", "--password-stdin"], input: password + "\n")
    #expect(refused.status == 77)
    let dropped = try await run(
      ["signin", "--username", "later", "--password-stdin"], input: password + "\n")
    #expect(dropped.status == 0, "\(dropped.errors)")
  }
}
