import Foundation
import Testing

@testable import AuthCLI

/// `--json` failures from the real binary: `code` (the exit code), a stable `kind`, and
/// `fields` for validation failures.
@Suite("End to end: machine-readable errors")
struct JSONErrorTests {
  private struct Failure {
    let status: Int32
    let code: Int
    let kind: String
    let message: String
    let fields: [[String: String]]?
  }

  private static let passphrase = "plum tractor dawn whistle"

  private func failure(
    _ sandbox: borrowing Sandbox, _ arguments: [String], input: String = ""
  ) async throws -> Failure {
    let run = try await sandbox.run(["--json"] + arguments, input: input)
    #expect(run.output.isEmpty, "\(arguments): \(run.output)")
    let object = try JSONSerialization.jsonObject(with: Data(run.errors.utf8)) as? [String: Any]
    let error = try #require(object?["error"] as? [String: Any], "\(run.errors)")
    return Failure(
      status: run.status, code: try #require(error["code"] as? Int),
      kind: try #require(error["kind"] as? String),
      message: try #require(error["message"] as? String),
      fields: error["fields"] as? [[String: String]])
  }

  @Test func validationFailuresNameEachFieldAndItsRule() async throws {
    let sandbox = try Sandbox()
    let short = try await failure(
      sandbox, ["signup", "--username", "ada", "--password-stdin"], input: "short\n")
    #expect(short.status == 65)
    #expect(short.code == 65)
    #expect(short.kind == "password_too_short")
    #expect(short.fields?.count == 1)
    #expect(short.fields?.first?["field"] == "password")
    #expect(short.fields?.first?["kind"] == "password_too_short")
    #expect(short.fields?.first?["message"].map { short.message == "password: " + $0 } == true)

    let common = try await failure(
      sandbox, ["signup", "--username", "ada", "--password-stdin"], input: "password123456789\n")
    #expect(common.kind == "password_too_common")

    let several = try await failure(
      sandbox, ["users", "add", "--username", "a!", "--password-stdin"], input: "short\n")
    #expect(several.code == 65)
    #expect(several.kind == "validation_failed")
    #expect(several.fields?.map { $0["kind"] } == ["username_too_short", "password_too_short"])

    let signUp = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"], input: Self.passphrase + "\n")
    #expect(signUp.status == 0, "\(signUp.errors)")
    let taken = try await failure(
      sandbox, ["users", "add", "--username", "ADA", "--password-stdin"],
      input: Self.passphrase + "\n")
    #expect(taken.kind == "username_taken")
    #expect(taken.fields?.first?["field"] == "username")
    #expect(taken.fields?.first?["kind"] == "username_taken")
  }

  @Test func otherFailuresHaveTheirOwnKindAndNoFields() async throws {
    let sandbox = try Sandbox()
    let missing = try await failure(sandbox, ["whoami"])
    #expect((missing.status, missing.code, missing.kind) == (66, 66, "no_database"))
    #expect(missing.fields == nil)

    let signUp = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"], input: Self.passphrase + "\n")
    #expect(signUp.status == 0, "\(signUp.errors)")
    let refused = try await failure(
      sandbox, ["signin", "--username", "ada", "--password-stdin"],
      input: "not the passphrase at all\n")
    #expect((refused.status, refused.code, refused.kind) == (77, 77, "bad_credentials"))
    let verify = try await failure(
      sandbox, ["verify", "--username", "nobody", "--password-stdin"],
      input: "not the passphrase at all\n")
    #expect(verify.kind == "bad_credentials")

    _ = try await sandbox.run(["signout"])
    let signedOut = try await failure(sandbox, ["whoami"])
    #expect((signedOut.code, signedOut.kind) == (77, "not_signed_in"))

    let usage = try await failure(sandbox, ["sessions", "revoke", "abc"])
    #expect((usage.status, usage.code, usage.kind) == (64, 64, "usage"))

    let noAccount = try await failure(sandbox, ["users", "show", "nobody"])
    #expect((noAccount.code, noAccount.kind) == (65, "no_such_account"))
  }

  @Test func anotherProgramsDatabaseIsNotAnAuthcliDatabase() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.root + "/other.sqlite3"
    let create = try await sandbox.runProgram(
      "/usr/bin/env", ["sqlite3", path, "CREATE TABLE notes(body TEXT);"])
    #expect(create.status == 0, "\(create.errors)")
    _ = try await sandbox.runProgram("/bin/chmod", ["600", path])
    let foreign = try await failure(sandbox, ["--db", path, "users", "list"])
    #expect((foreign.status, foreign.code, foreign.kind) == (65, 65, "not_an_authcli_database"))
  }

  @Test func theVersionIsAnObjectToo() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["--json", "--version"])
    #expect(run.status == 0)
    let object = try #require(try run.json() as? [String: Any])
    #expect(object.keys.sorted() == ["version"])
    #expect(object["version"] as? String == "0.1.0")
  }

  @Test func theTablesOfKindsAndExitCodesAreJSONForScripts() async throws {
    let sandbox = try Sandbox()
    let errors = try await sandbox.run(["--json", "help", "errors"])
    #expect(errors.status == 0, "\(errors.errors)")
    let object = try #require(try errors.json() as? [String: Any])
    let kinds = try #require(object["kinds"] as? [[String: Any]])
    #expect(kinds.compactMap { $0["kind"] as? String } == ErrorKind.allCases.map(\.rawValue))
    #expect(
      kinds.compactMap { $0["code"] as? Int } == ErrorKind.allCases.map { Int($0.code.rawValue) })
    #expect(kinds.allSatisfy { ($0["meaning"] as? String)?.isEmpty == false })
    let fields = try #require(object["field_kinds"] as? [[String: Any]])
    #expect(fields.compactMap { $0["field"] as? String } == FieldError.documented.map(\.field))
    #expect((fields.first?["kinds"] as? [String])?.contains("username_taken") == true)

    let exitCodes = try await sandbox.run(["help", "exit-codes", "--json"])
    let codes = try #require(try exitCodes.json() as? [[String: Any]])
    #expect(
      codes.compactMap { $0["code"] as? Int } == [0, 64, 65, 66, 69, 70, 73, 74, 75, 77, 78, 130])
    #expect(codes.compactMap { $0["name"] as? String }.first == "EX_OK")
    // Pages for people are text: --json there is refused, never ignored.
    let page = try await sandbox.run(["--json", "help", "signup"])
    #expect(page.status == 64)
    #expect(page.output.isEmpty)
    let text = try await sandbox.run(["help", "signup"])
    #expect(text.output.hasPrefix("OVERVIEW: Create an account and sign in."))
  }
}
