import Foundation
import Testing

@Suite("End to end: a scripted session")
struct ScriptedSessionTests {
  @Test(arguments: Engine.allCases)
  func signUpWhoAmISignOutSignInSessionsPasswdAndSignOutEverywhere(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    let signUp = try await sandbox.signUp("Alice")
    #expect(signUp.status == 0)
    #expect(signUp.output == "Created account alice and signed in.\n")
    #expect(signUp.errors.isEmpty)

    let whoami = try await sandbox.run(["whoami"])
    #expect(whoami.status == 0)
    #expect(whoami.output.hasPrefix("Username:   alice\nSigned in:  "))
    let whoamiJSON = try #require(
      try await sandbox.run(["whoami", "--json"]).json() as? [String: Any])
    #expect(whoamiJSON["username"] as? String == "alice")
    let created = try #require(whoamiJSON["session_created_at"] as? String)
    let expires = try #require(whoamiJSON["session_expires_at"] as? String)
    #expect(ISO8601DateFormatter().date(from: created) != nil)
    #expect(ISO8601DateFormatter().date(from: expires) != nil)

    let signOut = try await sandbox.run(["signout"])
    #expect(signOut.status == 0)
    #expect(signOut.output == "Signed out.\n")
    #expect(try sandbox.stateFiles().isEmpty)
    #expect(try await sandbox.run(["whoami"]).status == 77)

    let wrong = try await sandbox.signIn("alice", password: "not the right passphrase")
    #expect(wrong.status == 77)
    #expect(wrong.output.isEmpty)
    #expect(wrong.errors.hasPrefix("Error: Incorrect username or password"))
    let unknown = try await sandbox.signIn("nobody", password: "not the right passphrase")
    #expect(unknown.status == 77)
    #expect(unknown.errors == wrong.errors)

    let right = try await sandbox.signIn("alice", password: Passphrase.first)
    #expect(right.status == 0)
    #expect(right.output == "Signed in as alice.\n")

    // A second device: its own state folder, so its own session.
    let otherDevice = ["XDG_STATE_HOME": sandbox.root + "/other-state"]
    let second = try await sandbox.run(
      ["signin", "--username", "alice", "--password-stdin", "--json"],
      input: Passphrase.first + "\n", extraEnvironment: otherDevice)
    #expect(second.status == 0)
    let secondID = try #require((try second.json() as? [String: Any])?["session_id"] as? Int)

    let list = try #require(
      try await sandbox.run(["sessions", "list", "--json"]).json() as? [[String: Any]])
    #expect(list.count == 2)
    #expect(list.map { $0["current"] as? Bool } == [false, true])
    #expect(list.first?["id"] as? Int == secondID)
    for session in list {
      for key in ["id", "created_at", "last_used_at", "expires_at", "current"] {
        #expect(session[key] != nil, "\(key)")
      }
    }
    let table = try await sandbox.run(["sessions", "list"])
    #expect(table.output.hasPrefix("ID  STARTED "))

    let revoke = try await sandbox.run(["sessions", "revoke", String(secondID)])
    #expect(revoke.status == 0)
    #expect(revoke.output == "Revoked session \(secondID).\n")
    let revoked = try await sandbox.run(["whoami"], extraEnvironment: otherDevice)
    #expect(revoked.status == 77)
    #expect(revoked.errors == "Error: Not signed in.\nSign in with 'authcli signin'.\n")

    _ = try await sandbox.run(
      ["signin", "--username", "alice", "--password-stdin"], input: Passphrase.first + "\n",
      extraEnvironment: otherDevice)
    let passwd = try await sandbox.run(
      ["passwd", "--password-stdin"],
      input: "\(Passphrase.first)\n\(Passphrase.second)\n")
    #expect(passwd.status == 0)
    #expect(passwd.output == "Password changed; 1 other session ended.\n")
    #expect(try await sandbox.run(["whoami"], extraEnvironment: otherDevice).status == 77)
    #expect(try await sandbox.signIn("alice", password: Passphrase.first).status == 77)
    #expect(
      try await sandbox.run(
        ["signin", "--username", "alice", "--password-stdin"], input: Passphrase.second + "\n",
        extraEnvironment: otherDevice
      ).status == 0)

    let everywhere = try await sandbox.run(["signout", "--all", "--json"])
    #expect(everywhere.status == 0)
    let ended = try #require(try everywhere.json() as? [String: Any])
    #expect(ended["ended_sessions"] as? Int == 2)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    #expect(try await sandbox.run(["whoami"], extraEnvironment: otherDevice).status == 77)
  }

  @Test func aSecondProcessSeesTheSessionAndTheStateFileIsPrivate() async throws {
    let sandbox = try Sandbox()
    let database = sandbox.root + "/persist.sqlite3"
    _ = try await sandbox.signUp("bob", extra: ["--db", database])
    let files = try sandbox.stateFiles()
    #expect(files.count == 1)
    let statePath = sandbox.stateFolder + "/" + files[0]
    #expect(try sandbox.mode(of: statePath) == 0o600)
    #expect(try sandbox.mode(of: sandbox.stateFolder) == 0o700)
    #expect(try sandbox.mode(of: database) == 0o600)
    let token = try String(contentsOfFile: statePath, encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(token.count >= 43)
    // The token is kept only in the state file: never in the database, never printed.
    let databaseBytes = try Data(contentsOf: URL(fileURLWithPath: database))
    #expect(databaseBytes.range(of: Data(token.utf8)) == nil)
    let whoami = try await sandbox.run(["--db", database, "whoami", "--json"])
    #expect(whoami.status == 0)
    #expect(!whoami.output.contains(token))
    // Another database has its own session state.
    #expect(try await sandbox.run(["whoami"]).status == 66)
    _ = try await sandbox.run(["migrate"])
    #expect(try await sandbox.run(["whoami"]).status == 77)
  }

  @Test(arguments: Engine.allCases)
  func revokingTheCurrentSessionForgetsItsToken(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    let signUp = try await sandbox.signUp("carol", extra: ["--json"])
    let id = try #require((try signUp.json() as? [String: Any])?["session_id"] as? Int)
    let revoke = try await sandbox.run(["sessions", "revoke", String(id)])
    #expect(revoke.status == 0)
    #expect(revoke.output == "Revoked session \(id), this one: signed out.\n")
    #expect(try sandbox.stateFiles().isEmpty)
  }

  @Test(arguments: Engine.allCases)
  func signingInAgainEndsTheSessionWhoseTokenItReplaces(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    _ = try await sandbox.signUp("dora")
    #expect(try await sandbox.signIn("dora", password: Passphrase.first).status == 0)
    #expect(try await sandbox.signIn("dora", password: Passphrase.first).status == 0)
    let list = try await sandbox.run(["sessions", "list", "--json"])
    let sessions = try #require(try list.json() as? [[String: Any]])
    #expect(sessions.count == 1)
    #expect(sessions.first?["current"] as? Bool == true)
  }
}
