import AuthTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// `users export | users import --format jsonl -` with a confirmed second factor, through
/// the real binary: the factor moves with its account (the password alone never signs in on
/// the new store), only under the same key file, and is left behind only when asked for.
@Suite("End to end: a second factor moves with its account", .enabled(if: PyOTP.runs))
struct SecondFactorMoveTests {
  private func kind(_ run: Sandbox.Run) throws -> String? {
    let object = try JSONSerialization.jsonObject(with: Data(run.errors.utf8)) as? [String: Any]
    return (object?["error"] as? [String: Any])?["kind"] as? String
  }

  /// A fresh, migrated store of `engine` beside the sandbox's own.
  private func freshStore(
    _ sandbox: borrowing Sandbox, engine: Engine, named name: String
  ) async throws -> String {
    let store =
      engine == .postgres
      ? try TestPostgres.freshSchema().connectionString : sandbox.root + "/\(name).sqlite3"
    #expect(try await sandbox.run(["--db", store, "migrate"]).status == 0)
    return store
  }

  @Test(arguments: Engine.allCases)
  func theFactorMovesAndThePasswordAloneDoesNotSignIn(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    // ada, signed up last, is the one signed in, who enrols.
    #expect(try await sandbox.signUp("bob").status == 0)
    #expect(try await sandbox.signUp("ada").status == 0)
    let secret = try await sandbox.enableSecondFactor().secret
    #expect(try await sandbox.run(["signout"]).status == 0)

    let exported = try await sandbox.run(["users", "export"])
    #expect(exported.status == 0, "\(exported.errors)")
    #expect(exported.errors.contains("Exported 2 accounts (1 with a second factor)."))
    #expect(!exported.output.contains(secret))

    // Another key file: refused, naming the account, and nothing is written.
    let other = sandbox.root + "/other.key"
    _ = FileManager.default.createFile(
      atPath: other, contents: Data((0..<32).map { UInt8($0 + 7) }),
      attributes: [.posixPermissions: 0o600])
    let wrongKey = try await freshStore(sandbox, engine: engine, named: "wrong-key")
    let refused = try await sandbox.run(
      ["--db", wrongKey, "users", "import", "--format", "jsonl", "-"], input: exported.output,
      extraEnvironment: ["AUTHCLI_SECRET_KEY_FILE": other])
    #expect(refused.status == 65)
    #expect(
      refused.errors.contains(
        "line 2: ada: second factor not moved: the key file is not the one its secret was"
          + " sealed with (--drop-second-factors imports it without)"), "\(refused.errors)")
    #expect(try await sandbox.run(["--db", wrongKey, "users", "show", "bob"]).status == 65)
    let missing = try await sandbox.run(
      ["--db", wrongKey, "users", "import", "--format", "jsonl", "-"], input: exported.output,
      extraEnvironment: ["AUTHCLI_SECRET_KEY_FILE": sandbox.root + "/no.key"])
    #expect(missing.status == 65)
    #expect(missing.errors.contains("line 2: ada: second factor not moved: No second-factor key"))

    let moved = try await freshStore(sandbox, engine: engine, named: "moved")
    let imported = try await sandbox.run(
      ["--db", moved, "users", "import", "--format", "jsonl", "-"], input: exported.output)
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(imported.output.contains("1 second factor: 1 moved, 0 dropped"), "\(imported.output)")
    #expect(imported.errors.contains("line 2: ada: second factor was moved"))
    #expect(
      imported.errors.contains(
        "line 2: ada: 10 recovery codes not moved; ada must make new ones with"
          + " `authcli 2fa recovery-codes`"), "\(imported.errors)")

    let passwordAlone = try await sandbox.run(
      ["--db", moved, "signin", "--username", "ada", "--password-stdin", "--json"],
      input: "\(Passphrase.first)\n")
    #expect(passwordAlone.status == 77)
    #expect(try kind(passwordAlone) == "second_factor_required")
    let withCode = try await sandbox.run(
      ["--db", moved, "signin", "--username", "ada", "--password-stdin"],
      input: "\(Passphrase.first)\n\(try PyOTP.code(secret: secret, stepsAhead: 1))\n")
    #expect(withCode.status == 0, "\(withCode.errors)")
    let status = try #require(
      try await sandbox.run(["--db", moved, "2fa", "status", "--json"]).json() as? [String: Any])
    #expect(status["enabled"] as? Bool == true)

    // A line that says its account asks for a code but carries no factor is refused; a
    // line of an export older than the factor fields is still read, and said to be one.
    let adaLine = try #require(exported.output.split(separator: "\n").last)
    var stripped = try #require(
      try JSONSerialization.jsonObject(with: Data(adaLine.utf8)) as? [String: Any])
    for key in stripped.keys where key.hasPrefix("second_factor_") || key == "recovery_codes_left" {
      stripped[key] = nil
    }
    let claimsAFactor = String(
      decoding: try JSONSerialization.data(withJSONObject: stripped), as: UTF8.self)
    let cut = try await freshStore(sandbox, engine: engine, named: "cut")
    let refusedCut = try await sandbox.run(
      ["--db", cut, "users", "import", "--format", "jsonl", "-"], input: claimsAFactor + "\n")
    #expect(refusedCut.status == 65)
    #expect(
      refusedCut.errors.contains(
        "line 1: second_factor is true but second_factor_state is missing"),
      "\(refusedCut.errors)")
    stripped["second_factor"] = nil
    let older = String(
      decoding: try JSONSerialization.data(withJSONObject: stripped), as: UTF8.self)
    let olderImported = try await sandbox.run(
      ["--db", cut, "users", "import", "--format", "jsonl", "-"], input: older + "\n")
    #expect(olderImported.status == 0, "\(olderImported.errors)")
    #expect(
      olderImported.errors.contains(
        "1 line of an export without second-factor fields (an older release's, which left"
          + " every second factor behind)"), "\(olderImported.errors)")
    #expect(!imported.errors.contains("without second-factor fields"))

    // Left behind only when asked for, and said so.
    let dropped = try await freshStore(sandbox, engine: engine, named: "dropped")
    let withoutFactor = try await sandbox.run(
      ["--db", dropped, "users", "import", "--format", "jsonl", "--drop-second-factors", "-"],
      input: exported.output)
    #expect(withoutFactor.status == 0, "\(withoutFactor.errors)")
    #expect(
      withoutFactor.errors.contains(
        "line 2: ada: second factor was dropped: the password alone signs in"))
    #expect(!withoutFactor.errors.contains("recovery codes not moved"))
    #expect(
      try await sandbox.run(
        ["--db", dropped, "signin", "--username", "ada", "--password-stdin"],
        input: "\(Passphrase.first)\n"
      ).status == 0)
  }
}
