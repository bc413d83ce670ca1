import AuthTestSupport
import Foundation
import Testing

/// `users import --format jsonl` reading lines that Python's `json` module wrote, not
/// authcli: escapes and raw UTF-8 alike, numbers past 64 bits, and every kind of bad line,
/// each refused by number with its reason and exit 65, as the import always has.
@Suite("End to end: export lines written by another program")
struct ExportLineReadingTests {
  /// A bcrypt hash (cost 5) of no password in particular: a scheme the import keeps at
  /// `ImportTests.cost`.
  static let hash = "$2y$05$Ea5YSRi0G.1KpzliENAIauq3UH9bXwRcoBk9Lpo7Egt0tLqxj1IKG"

  /// The lines, one per argument, as Python writes them.
  private static let script = #"""
    import json, sys
    hash = sys.argv[1]
    account = {"username": "zoe", "password_hash": hash,
               "created_at": "2026-01-02T03:04:05Z", "updated_at": "2026-01-03T00:00:00Z",
               "last_sign_in_at": None, "locked": True, "locked_at": "2026-01-04T00:00:00+01:00",
               "lock_reason": "on \"leave\"\n\tback \U0001F98A soon / \u202e", "second_factor": False}
    factor = {"second_factor_state": "enabled", "second_factor_sealed_secret": "AAAA",
              "second_factor_sealed_for_id": 7, "second_factor_algorithm": "SHA1",
              "second_factor_digits": 6, "second_factor_period": 30,
              "second_factor_created_at": "2026-01-02T03:04:05Z",
              "second_factor_updated_at": "2026-01-02T03:04:05Z", "recovery_codes_left": 3}
    def with_factor(**changes):
        line = dict(account, username="f", second_factor=True, **factor)
        line.update(changes)
        return json.dumps(line)
    lines = [
        json.dumps(account),
        json.dumps(dict(account, username="lucja", lock_reason="\u0142\u00f3d\u017a \U0001F98A"),
                   ensure_ascii=False),
        "",
        "{\"username\": \"bad\", ",
        json.dumps([account]),
        json.dumps(dict(account, username=5)),
        json.dumps({"username": "nohash"}),
        json.dumps(dict(account, username="when", created_at="yesterday")),
        json.dumps(dict(account, username="claims", second_factor=True)),
        with_factor(second_factor_state=5),
        with_factor(second_factor_sealed_for_id=2 ** 64),
        with_factor(second_factor_sealed_for_id=-(2 ** 63) - 1),
        with_factor(second_factor_digits=7),
        with_factor(second_factor_state="off"),
        with_factor(second_factor_last_accepted_step=-1),
        with_factor(second_factor_updated_at=1767323045),
        with_factor(second_factor_sealed_secret="not base64!"),
    ]
    print("\n".join(lines))
    """#

  @Test func linesPythonWroteAreReadOrRefusedByName() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.run(["migrate"]).status == 0)
    let written = try ChildProcess.capture(
      "/usr/bin/env", ["python3", "-c", Self.script, Self.hash])
    #expect(written.status == 0, "\(written.errors)")
    let refused = try await sandbox.run(
      ["users", "import", "--format", "jsonl", "-"], input: written.output,
      extraEnvironment: ImportTests.cost)
    #expect(refused.status == 65, "\(refused.errors)")
    let expected = [
      "line 4: not a JSON object",
      "line 5: not a JSON object",
      "line 6: no username text",
      "line 7: no password_hash text",
      "line 8: created_at is not an ISO 8601 time",
      "line 9: second_factor is true but second_factor_state is missing",
      "line 10: second_factor_state is not text",
      "line 11: second_factor_sealed_for_id is not an integer",
      "line 12: second_factor_sealed_for_id is not an integer",
      "line 13: second_factor_algorithm, _digits or _period not supported",
      "line 14: second_factor_state is neither pending nor enabled",
      "line 15: second_factor_last_accepted_step is negative",
      "line 16: second_factor_created_at or _updated_at is not an ISO 8601 time",
      "line 17: second_factor_sealed_secret is not base64",
    ]
    let printed = refused.errors.split(separator: "\n").filter { $0.hasPrefix("Error: line ") }
    #expect(printed.map { String($0.dropFirst("Error: ".count)) } == expected)

    // The two good lines arrive as Python wrote them: escapes and raw UTF-8 read alike.
    let imported = try await sandbox.run(
      ["--json", "users", "import", "--format", "jsonl", "--skip-invalid", "-"],
      input: written.output, extraEnvironment: ImportTests.cost)
    #expect(imported.status == 0, "\(imported.errors)")
    let report = try JSONSerialization.jsonObject(with: Data(imported.output.utf8))
    #expect((report as? [String: Any])?["imported_accounts"] as? Int == 2)
    let zoe = try await shown(sandbox, "zoe")
    #expect(zoe["lock_reason"] as? String == "on \"leave\"\n\tback \u{1F98A} soon / \u{202E}")
    #expect(zoe["locked_at"] as? String == "2026-01-03T23:00:00Z")
    #expect(zoe["created_at"] as? String == "2026-01-02T03:04:05Z")
    #expect(zoe["last_sign_in_at"] is NSNull)
    let lucja = try await shown(sandbox, "lucja")
    #expect(lucja["lock_reason"] as? String == "\u{142}\u{F3}d\u{17A} \u{1F98A}")
  }

  private func shown(_ sandbox: borrowing Sandbox, _ name: String) async throws -> [String: Any] {
    let run = try await sandbox.run(["--json", "users", "show", name])
    #expect(run.status == 0, "\(run.errors)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
  }

  @Test func aLineThatIsNoExportIsRefusedWithItsNumber() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.run(["migrate"]).status == 0)
    let run = try await sandbox.run(
      ["--json", "users", "import", "--format", "jsonl", "-"], input: "null\n\"text\"\n42\n")
    #expect(run.status == 65)
    let error = try #require(
      (try JSONSerialization.jsonObject(with: Data(run.errors.utf8)) as? [String: Any])?["error"]
        as? [String: Any])
    #expect(error["kind"] as? String == "import_refused")
    let message = try #require(error["message"] as? String)
    for line in 1...3 { #expect(message.contains("line \(line): not a JSON object"), "\(message)") }
  }
}
