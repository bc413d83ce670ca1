import AuthTestSupport
import Foundation
import Testing

/// A new password at next sign-in through the real binary, on each engine: the operator's
/// `users require-new-password`, a script's new-password line after the password (and after
/// the code), its absence, `verify` and `verify --pam` refusing, `users show`, and a shadow
/// entry changed on day 0.
@Suite("End to end: a new password at next sign-in")
struct NewPasswordEndToEndTests {
  private func shown(_ sandbox: borrowing Sandbox, _ name: String) async throws -> [String: Any] {
    try #require(try await sandbox.run(["users", "show", name, "--json"]).json() as? [String: Any])
  }

  @Test(arguments: Engine.allCases)
  func aScriptGivesTheNewPasswordOnTheNextLine(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    #expect(try await sandbox.signUp("ada").status == 0)
    #expect(try await shown(sandbox, "ada")["password_change_required"] as? Bool == false)
    let required = try await sandbox.run(["users", "require-new-password", "ada", "--json"])
    #expect(required.status == 0, "\(required.errors)")
    let answer = try #require(try required.json() as? [String: Any])
    #expect(answer["password_change_required"] as? Bool == true)
    #expect(answer["was_required"] as? Bool == false)
    let again = try await sandbox.run(["users", "require-new-password", "ada"])
    #expect(
      again.output == "Account ada was asked for a new password already; its sessions stay.\n")
    #expect(try await shown(sandbox, "ada")["password_change_required"] as? Bool == true)
    let text = try await sandbox.run(["users", "show", "ada"])
    #expect(text.output.contains("New password:    required at next sign-in"))

    // The password alone starts nothing: 77, its own kind and next step.
    #expect(try await sandbox.run(["signout"]).status == 0)
    try await sandbox.expectRefusal(
      "password_change_required",
      ["signin", "--username", "ada", "--password-stdin", "--json"],
      input: "\(Passphrase.first)\n")
    #expect(try await sandbox.run(["whoami"]).status == 77)
    let plain = try await sandbox.run(
      ["signin", "--username", "ada", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(plain.errors.contains("must choose a new password"))
    #expect(plain.errors.contains("on the line after the password"))

    // verify and verify --pam refuse the right password, audited.
    try await sandbox.expectRefusal(
      "password_change_required",
      ["verify", "--username", "ada", "--password-stdin", "--json"],
      input: "\(Passphrase.first)\n")
    let pam = try await sandbox.run(
      ["verify", "--pam"], input: "\(Passphrase.first)\u{0}", extraEnvironment: ["PAM_USER": "ada"])
    #expect(pam.status == 77)
    #expect(pam.output.isEmpty)
    let trail = try #require(
      try await sandbox.run(["audit", "--user", "ada", "--json"]).json() as? [[String: Any]])
    #expect(
      trail.contains {
        $0["kind"] as? String == "sign_in_failed"
          && $0["detail"] as? String
            == "new password required, none taken (verify; PAM service unnamed)"
      })
    #expect(trail.contains { $0["kind"] as? String == "password_change_required" })

    // The same password as the new one is refused (65), and nothing changes.
    let same = try await sandbox.run(
      ["signin", "--username", "ada", "--password-stdin", "--json"],
      input: "\(Passphrase.first)\n\(Passphrase.first)\n")
    #expect(same.status == 65)
    #expect(same.errors.contains("new_password_same_as_current"), "\(same.errors)")
    #expect(try await shown(sandbox, "ada")["password_change_required"] as? Bool == true)

    // The new password on the next line: signed in, the demand gone, the old one refused.
    let signedIn = try await sandbox.run(
      ["signin", "--username", "ada", "--password-stdin"],
      input: "\(Passphrase.first)\n\(Passphrase.second)\n")
    #expect(signedIn.status == 0, "\(signedIn.errors)")
    #expect(signedIn.output.contains("Signed in as ada."))
    #expect(try await sandbox.run(["whoami"]).status == 0)
    #expect(try await shown(sandbox, "ada")["password_change_required"] as? Bool == false)
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 77)
    #expect(try await sandbox.signIn("ada", password: Passphrase.second).status == 0)
    let verifiedNow = try await sandbox.run(
      ["verify", "--pam"], input: "\(Passphrase.second)\u{0}", extraEnvironment: ["PAM_USER": "ada"]
    )
    #expect(verifiedNow.status == 0)
    #expect(try await sandbox.run(["users", "require-new-password", "nobody"]).status == 65)
  }

  @Test func theDemandMovesWithTheAccountThroughAnExport() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("ada").status == 0)
    #expect(try await sandbox.signUp("bob").status == 0)
    #expect(try await sandbox.run(["users", "require-new-password", "ada"]).status == 0)
    let exported = try await sandbox.run(["users", "export"])
    #expect(exported.status == 0, "\(exported.errors)")
    let objects = try exported.output.split(separator: "\n").map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["password_change_required"] as? Bool } == [true, false])
    let other = sandbox.root + "/other.sqlite3"
    #expect(try await sandbox.run(["migrate", "--db", other]).status == 0)
    let imported = try await sandbox.run(
      ["users", "import", "--format", "jsonl", "--db", other, "-"], input: exported.output)
    #expect(imported.status == 0, "\(imported.errors)")
    let moved = try await sandbox.run(["users", "show", "ada", "--db", other, "--json"])
    #expect((try moved.json() as? [String: Any])?["password_change_required"] as? Bool == true)
    let stays = try await sandbox.run(["users", "show", "bob", "--db", other, "--json"])
    #expect((try stays.json() as? [String: Any])?["password_change_required"] as? Bool == false)
  }

  @Test(.enabled(if: PyOTP.runs), arguments: Engine.allCases)
  func afterTheCodeWhenASecondFactorIsOn(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    #expect(try await sandbox.signUp("ada").status == 0)
    let secret = try await sandbox.enableSecondFactor().secret
    #expect(try await sandbox.run(["users", "require-new-password", "ada"]).status == 0)
    let code = try PyOTP.code(secret: secret, stepsAhead: 1)
    try await sandbox.expectRefusal(
      "password_change_required",
      ["signin", "--username", "ada", "--password-stdin", "--json"],
      input: "\(Passphrase.first)\n\(code)\n")
    // The code was not spent by the refusal: the same one, then the new password.
    let signedIn = try await sandbox.run(
      ["signin", "--username", "ada", "--password-stdin"],
      input: "\(Passphrase.first)\n\(code)\n\(Passphrase.second)\n")
    #expect(signedIn.status == 0, "\(signedIn.errors)")
    #expect(try await shown(sandbox, "ada")["password_change_required"] as? Bool == false)
  }

  @Test(.enabled(if: ImportTools.available), arguments: Engine.allCases)
  func aShadowEntryChangedOnDayZeroAsksForOne(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    let hash = try ImportTools.line("openssl", ["passwd", "-6", Passphrase.first])
    let imported = try await sandbox.run(
      ["users", "import", "--format", "shadow", "-"],
      input: "ivy:\(hash):0:0:99999:7:::\nkim:\(hash):19000:0:99999:7:::\n",
      extraEnvironment: ImportTests.cost)
    #expect(imported.status == 0, "\(imported.errors)")
    #expect(try await shown(sandbox, "ivy")["password_change_required"] as? Bool == true)
    #expect(try await shown(sandbox, "kim")["password_change_required"] as? Bool == false)
    let signedIn = try await sandbox.run(
      ["signin", "--username", "ivy", "--password-stdin"],
      input: "\(Passphrase.first)\n\(Passphrase.second)\n", extraEnvironment: ImportTests.cost)
    #expect(signedIn.status == 0, "\(signedIn.errors)")
  }
}
