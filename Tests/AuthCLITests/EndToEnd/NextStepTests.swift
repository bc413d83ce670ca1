import Foundation
import Testing

@testable import AuthCLI

/// Every error names its next step: each kind `authcli help errors` lists has one, a
/// failure without its own hint prints its kind's, and the failures a new user meets first
/// say what to do about them.
@Suite("End to end: every error names its next step")
struct NextStepTests {
  /// The `error` object of a `--json` failure.
  private func error(_ run: Sandbox.Run) throws -> [String: Any] {
    let object = try JSONSerialization.jsonObject(with: Data(run.errors.utf8)) as? [String: Any]
    return try #require(object?["error"] as? [String: Any], "\(run.errors)")
  }

  @Test func everyListedKindHasAHintAndFailuresWithoutOneGetIt() async throws {
    let sandbox = try Sandbox()
    let json = try await sandbox.run(["--json", "help", "errors"])
    #expect(json.status == 0, "\(json.errors)")
    let listed = try #require(
      (try json.json() as? [String: Any])?["kinds"] as? [[String: Any]])
    #expect(!listed.isEmpty)
    let text = try await sandbox.run(["help", "errors"])
    for entry in listed {
      let name = try #require(entry["kind"] as? String)
      let hint = entry["hint"] as? String
      #expect(hint?.isEmpty == false, "'\(name)' has no next step")
      // The page for people shows the same step after the kind.
      if let hint {
        #expect(
          text.output.replacing(/\s+/, with: " ").contains("Next: " + hint),
          "'\(name)': its step is not on the page")
      }
      // A failure of the kind that brings no hint of its own prints the kind's.
      let kind = try #require(ErrorKind(rawValue: name), "'\(name)' is not a kind")
      let report = ErrorReport(kind: kind, message: "Something failed.")
      #expect(report.nextStep == hint, "\(name)")
    }
  }

  @Test func theFirstFailuresOfANewUserSayWhatToDo() async throws {
    let sandbox = try Sandbox()
    // A --db in a folder that does not exist.
    let missing = try await sandbox.run([
      "--json", "--db", sandbox.root + "/nowhere/auth.sqlite3", "migrate",
    ])
    #expect(missing.status == 73)
    #expect((try error(missing)["hint"] as? String)?.contains("mkdir -p ") == true)
    let listed = try await sandbox.run([
      "--db", sandbox.root + "/nowhere/auth.sqlite3", "users", "list",
    ])
    #expect(listed.status == 66)
    #expect(listed.errors.contains("mkdir -p \(sandbox.root)/nowhere"), "\(listed.errors)")

    // A folder others may write to.
    let open = sandbox.root + "/open"
    try FileManager.default.createDirectory(
      atPath: open, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o777])
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: open)
    let unsafe = try await sandbox.run(["--json", "--db", open + "/auth.sqlite3", "migrate"])
    #expect(unsafe.status == 74)
    #expect((try error(unsafe)["hint"] as? String)?.contains("chmod 700 \(open)") == true)

    // A schema with an object attached to authcli's tables that the migrations do not create.
    #expect(try await sandbox.run(["migrate"]).status == 0)
    _ = try await sandbox.sql("CREATE INDEX users_by_time ON users (created_at)")
    let schema = try await sandbox.run(["--json", "users", "list"])
    #expect(schema.status == 65)
    #expect(try error(schema)["kind"] as? String == "unexpected_schema")
    #expect((try error(schema)["hint"] as? String)?.contains("authcli inspect") == true)
    _ = try await sandbox.sql("DROP INDEX users_by_time")

    // `--db :memory:` is for the shell only, as the option's help says.
    let memory = try await sandbox.run(["--db", ":memory:", "users", "list"])
    #expect(memory.status == 64)
    #expect(memory.output.isEmpty)

    // Adopting a database that is authcli's already claims no adoption.
    let adopt = try await sandbox.run(["migrate", "--adopt"])
    #expect(adopt.status == 0, "\(adopt.errors)")
    #expect(adopt.output.hasPrefix("Nothing to adopt: "), "\(adopt.output)")

    // An operator is not told of "your" username.
    let added = try await sandbox.run(
      ["users", "add", "--username", "ada", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(added.status == 0, "\(added.errors)")
    let reset = try await sandbox.run(
      ["users", "reset-password", "ada", "--password-stdin"],
      input: "ada " + Passphrase.second + "\n")
    #expect(reset.status == 65)
    #expect(!reset.errors.contains("your"), "\(reset.errors)")
    #expect(reset.errors.contains("the account's username"), "\(reset.errors)")
  }

  /// A wrong password, a check of a dead token and a database others can read once ended
  /// with `"hint": null`; each names a step now, and a refusal's step is the same whatever
  /// its cause, so it tells a guesser nothing.
  @Test func refusalsAndExposedFilesNameAStepTooWithoutTellingTheCause() async throws {
    let sandbox = try Sandbox()
    let signUp = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(signUp.status == 0, "\(signUp.errors)")
    var steps: [String] = []
    for arguments in [
      ["signin", "--username", "ada", "--password-stdin"],
      ["signin", "--username", "nobody", "--password-stdin"],
      ["verify", "--username", "ada", "--password-stdin"],
    ] {
      let refused = try await sandbox.run(["--json"] + arguments, input: "not it at all\n")
      #expect(refused.status == 77, "\(arguments): \(refused.errors)")
      #expect(try error(refused)["kind"] as? String == "bad_credentials")
      steps.append(try #require(try error(refused)["hint"] as? String, "\(refused.errors)"))
    }
    #expect(Set(steps).count == 1, "\(steps)")
    #expect(steps.first?.contains("authcli users show") == true, "\(steps)")

    let dead = try await sandbox.run(
      ["--json", "sessions", "check", "--token-stdin"], input: "not-a-live-token\n")
    #expect(dead.status == 77, "\(dead.errors)")
    #expect(try error(dead)["kind"] as? String == "not_signed_in")
    #expect((try error(dead)["hint"] as? String)?.contains("authcli signin") == true)

    let database = sandbox.defaultDatabase
    try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: database)
    let exposed = try await sandbox.run(["--json", "users", "list"])
    #expect(exposed.status == 74, "\(exposed.errors)")
    #expect(try error(exposed)["kind"] as? String == "unsafe_file")
    #expect((try error(exposed)["hint"] as? String)?.contains("reset-password") == true)
    let text = try await sandbox.run(["users", "list"])
    #expect(text.errors.split(separator: "\n").count == 2, "\(text.errors)")
  }
}
