import Foundation
import Testing

/// `users expire` through the real binary: from the start of the day named, sign-in,
/// `verify` and `verify --pam` answer the right password exactly as they answer a locked
/// account's, and `users show` and `users list` tell the day.
@Suite("End to end: users expire")
struct AccountExpiryTests {
  @Test func anExpiredAccountIsRefusedAsALockedOneIs() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.run(["migrate"]).status == 0)
    for name in ["ada", "bob"] { #expect(try await sandbox.addUser(name).status == 0) }
    #expect(try await sandbox.run(["users", "lock", "bob"]).status == 0)

    let future = try await sandbox.run(["users", "expire", "ADA", "--on", "2099-01-01"])
    #expect(future.status == 0, "\(future.errors)")
    #expect(
      future.output == "Account ada expires on 2099-01-01 (refused from 00:00 UTC that day).\n")
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
    let shown = try await sandbox.run(["users", "show", "ada"])
    #expect(shown.output.contains("Expires:         on 2099-01-01 (refused from 00:00 UTC)\n"))

    // A day already come: refused as bob's lock is, and the session ended.
    let past = try await sandbox.run(["users", "expire", "ada", "--on", "2001-01-01", "--json"])
    #expect(past.status == 0, "\(past.errors)")
    let change = try #require(try past.json() as? [String: Any])
    #expect(change["expires_at"] as? String == "2001-01-01T00:00:00Z")
    #expect(change["expired"] as? Bool == true)
    #expect(change["ended_sessions"] as? Int == 1)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    for command in ["signin", "verify"] {
      func attempt(_ name: String) async throws -> Sandbox.Run {
        try await sandbox.run(
          [command, "--username", name, "--password-stdin"], input: Passphrase.first + "\n")
      }
      let expired = try await attempt("ada")
      let locked = try await attempt("bob")
      #expect(expired.status == 77)
      #expect(expired.status == locked.status)
      #expect(expired.errors == locked.errors)
      #expect(expired.output == locked.output)
    }
    let audit = try await sandbox.run(["audit", "--user", "ada", "--json"])
    let details = (try audit.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(details?.contains("expired") == true, "\(details ?? [])")
    #expect(details?.contains("expired (verify)") == true, "\(details ?? [])")
    #expect(details?.contains("expires on 2001-01-01; 1 session(s) ended") == true)
    #expect(
      try await sandbox.run(["users", "show", "ada"]).output.contains("expired on 2001-01-01"))
    let listed = try #require(
      try await sandbox.run(["users", "list", "--json"]).json() as? [[String: Any]])
    #expect(listed.map { $0["expires_at"] as? String } == ["2001-01-01T00:00:00Z", nil])
    // Only in JSON and users show: a date column would wrap each record at 80 columns.
    let table = try await sandbox.run(["users", "list"], extraEnvironment: ["COLUMNS": "80"])
    #expect(table.output.split(separator: "\n").count == 3, "\(table.output)")

    let never = try await sandbox.run(["users", "expire", "ada", "--never"])
    #expect(never.output == "Account ada never expires.\n")
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
  }

  @Test func theShellRefusesAnExpiredAccountAsItRefusesALockedOne() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.run(["migrate"]).status == 0)
    for name in ["cyd", "dina"] { #expect(try await sandbox.addUser(name).status == 0) }
    #expect(try await sandbox.run(["users", "lock", "dina"]).status == 0)
    #expect(try await sandbox.run(["users", "expire", "cyd", "--on", "2001-01-01"]).status == 0)
    func shellSignIn(_ name: String) async throws -> Sandbox.Run {
      try await sandbox.run(["shell"], input: "1\n\(name)\n\(Passphrase.first)\n3\n")
    }
    let expired = try await shellSignIn("cyd")
    let locked = try await shellSignIn("dina")
    #expect(expired.status == 0, "\(expired.errors)")
    #expect(expired.output.contains("Incorrect username or password"), "\(expired.output)")
    #expect(!expired.output.contains("Signed in as"))
    // One answer: the same transcript, word for word.
    #expect(expired.output == locked.output)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    let audit = try await sandbox.run(["audit", "--user", "cyd", "--json"])
    let details = (try audit.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(details?.contains("expired") == true, "\(details ?? [])")
  }

  @Test func theDayIsOneOptionOrTheOther() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.run(["migrate"]).status == 0)
    #expect(try await sandbox.addUser("ada").status == 0)
    let neither = try await sandbox.run(["users", "expire", "ada"])
    #expect(neither.status == 64)
    #expect(neither.errors.contains("Give the day with '--on <date>', or '--never'"))
    let both = try await sandbox.run(["users", "expire", "ada", "--on", "2099-01-01", "--never"])
    #expect(both.status == 64)
    for typed in ["2099-02-30", "01/02/2099", "tomorrow", "1969-12-31"] {
      let bad = try await sandbox.run(["users", "expire", "ada", "--on", typed])
      #expect(bad.status == 64, "\(typed): \(bad.errors)")
      #expect(bad.errors.contains("YYYY-MM-DD"), "\(typed): \(bad.errors)")
    }
    let nobody = try await sandbox.run(["users", "expire", "nobody", "--never"])
    #expect(nobody.status == 65)
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
  }
}
