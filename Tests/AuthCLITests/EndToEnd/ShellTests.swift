import Foundation
import Testing

@Suite("End to end: the shell on a piped standard input")
struct ShellTests {
  @Test func signUpAccountSessionsSignOutSignInAndQuit() async throws {
    let sandbox = try Sandbox()
    let script = [
      "2", "zed", Passphrase.first, "different", "zed", Passphrase.first, Passphrase.first,
      "SESSIONS", "", "sign out", "1", "zed", "wrong passphrase", "zed", Passphrase.first,
      "5",
    ]
    let run = try await sandbox.run(["shell"], input: script.joined(separator: "\n") + "\n")
    #expect(run.status == 0)
    #expect(run.errors.isEmpty)
    let output = run.output
    var cursor = output.startIndex
    // The transcript shows these, in this order.
    for expected in [
      "  1) Sign in\n  2) Sign up\n  3) Quit\n", "Create an account (Ctrl-C goes back)",
      "  ! Passwords do not match\n", "Creating account…\n", "Signed in as zed\n",
      "  1) Sessions\n  2) Change password\n  3) Sign out\n  4) Sign out everywhere\n  5) Quit\n",
      "ID  STARTED ", "Signing out…\n", "Signed out.\n", "Signing in…\n",
      "Incorrect username or password", "Signing in…\n", "Signed in as zed\n", "Bye.\n",
    ] {
      guard let found = output.range(of: expected, range: cursor..<output.endIndex) else {
        Issue.record("missing, in order: \(expected)\n--- transcript ---\n\(output)")
        return
      }
      cursor = found.upperBound
    }
    // Quitting keeps the session: a scripted command in another process sees it.
    let whoami = try await sandbox.run(["whoami", "--json"])
    #expect((try whoami.json() as? [String: Any])?["username"] as? String == "zed")
  }

  @Test func theShellStartsSignedInWithTheScriptedSessionAndTheEndOfInputLeaves() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("yara")
    let run = try await sandbox.run(["shell"], input: "")
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("\nSigned in as yara\n"))
    #expect(run.output.hasSuffix("Bye.\n"))
  }

  @Test func quitLeavesFromInsideAForm() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["--db", ":memory:", "shell"], input: "sign up\nquit\n")
    #expect(run.status == 0)
    #expect(run.output.hasSuffix("Username: Bye.\n"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
    #expect(try sandbox.stateFiles().isEmpty)
  }

  @Test func signOutEverywhereFromTheAccountMenu() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("xena")
    // A second session, kept by another device (its own state folder).
    _ = try await sandbox.signIn(
      "xena", password: Passphrase.first,
      extraEnvironment: ["XDG_STATE_HOME": sandbox.root + "/other-state"])
    let run = try await sandbox.run(["shell"], input: "Sign out everywhere\n3\n")
    #expect(run.status == 0)
    #expect(run.output.contains("Signed out everywhere: 2 sessions ended.\n"))
    #expect(try sandbox.stateFiles().isEmpty)
  }

  @Test(arguments: Engine.allCases)
  func aSessionWhoseTokenCannotBeStoredIsEndedAndTheShellStopsAsSigninDoes(
    engine: Engine
  ) async throws {
    let sandbox = try Sandbox(engine: engine)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    #expect(try await sandbox.addUser("una").status == 0)
    try FileManager.default.createDirectory(
      atPath: sandbox.stateFolder, withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    let readOnly = [BindMount.readOnly(sandbox.stateFolder)]
    // The one-shot command first: its error and exit code are the shell's reference.
    let signIn = try await sandbox.run(
      with: readOnly, ["signin", "--username", "una", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(signIn.status == 73, "\(signIn.errors)")
    #expect(signIn.errors.hasPrefix("Error: Cannot create \(sandbox.stateFolder)/session-"))
    #expect(signIn.errors.contains(": Read-only file system\n"), "\(signIn.errors)")

    let shell = try await sandbox.run(
      with: readOnly, ["shell"], input: "1\nuna\n\(Passphrase.first)\n")
    #expect(shell.status == signIn.status)
    #expect(shell.errors == signIn.errors)
    #expect(shell.output.hasSuffix("Signing in…\n"), "\(shell.output)")
    #expect(!shell.output.contains("Signed in as"))
    #expect(!shell.output.contains("Bye."))

    // Both sessions were started, and both were ended: none is left that nobody holds.
    let details = try #require(
      try await sandbox.run(["users", "show", "una", "--json"]).json() as? [String: Any])
    #expect((details["active_sessions"] as? [Any])?.isEmpty == true, "\(details)")
    let kinds = try #require(
      try await sandbox.run(["audit", "--json", "--user", "una"]).json() as? [[String: Any]])
    #expect(
      kinds.compactMap { $0["kind"] as? String } == [
        "sign_out", "sign_in_succeeded", "sign_out", "sign_in_succeeded", "account_added",
      ])
    #expect(try sandbox.stateFiles().isEmpty)
  }
}
