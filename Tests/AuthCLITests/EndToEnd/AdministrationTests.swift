import Foundation
import Testing

extension Sandbox {
  /// Creates `name` with `users add`, without signing in.
  func addUser(_ name: String, password: String = Passphrase.first) async throws -> Run {
    try await run(
      ["users", "add", "--username", name, "--password-stdin"], input: password + "\n")
  }

  /// Migrates the default database, then adds an account for each name with
  /// `Passphrase.first`.
  func migrate(
    adding names: [String], sourceLocation: SourceLocation = #_sourceLocation
  )
    async throws
  {
    #expect(try await run(["migrate"]).status == 0, sourceLocation: sourceLocation)
    for name in names {
      let added = try await addUser(name)
      #expect(added.status == 0, "\(added.errors)", sourceLocation: sourceLocation)
    }
  }

  /// Runs SQL on the default database with the `sqlite3` shell (as an operator would).
  func sql(_ statement: String, database: String? = nil) async throws -> String {
    let run = try await runProgram(
      "/usr/bin/sqlite3", [database ?? defaultDatabase, statement])
    #expect(run.status == 0, "sqlite3: \(run.errors)")
    return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}

@Suite("End to end: users add, show, delete, lock, unlock, reset-password")
struct AdministrationTests {
  @Test func addCreatesAnAccountWithoutSigningIn() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    let added = try await sandbox.addUser("ada")
    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output == "Created account ada (not signed in).\n")
    #expect(try sandbox.stateFiles().isEmpty)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)

    let json = try await sandbox.run(
      ["users", "add", "--json", "--username", "Bob", "--password-stdin"],
      input: Passphrase.first + "\n")
    let object = try #require(try json.json() as? [String: Any])
    #expect(object["added"] as? Bool == true)
    #expect(object["username"] as? String == "bob")
    #expect(
      try await sandbox.sql("SELECT kind FROM auth_events WHERE username = 'bob'")
        == "account_added")
  }

  @Test func addUsesTheSignUpRules() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    _ = try await sandbox.addUser("carl")
    let taken = try await sandbox.addUser("CARL")
    #expect(taken.status == 65)
    #expect(taken.errors == "Error: username: This username is taken\n")
    let weak = try await sandbox.addUser("dora", password: "dora's secret pass")
    #expect(weak.status == 65)
    // The operator is told of the account's username, not of "your" username.
    #expect(weak.errors == "Error: password: Don't include the account's username\n")
    let bad = try await sandbox.addUser("x", password: "short")
    #expect(bad.status == 65)
    #expect(
      bad.errors == """
        Error: username: Use 3 to 32 characters
        Error: password: Use at least 15 characters — a few words make a good passphrase

        """)
    let noPassword = try await sandbox.run(["users", "add", "--username", "erin"])
    #expect(noPassword.status == 64)
    #expect(
      noPassword.errors.hasPrefix("Error: Standard input is not a terminal; pass --password-stdin"))
    let ended = try await sandbox.run(["users", "add", "--username", "erin", "--password-stdin"])
    #expect(ended.status == 66)
    #expect(try await sandbox.sql("SELECT count(*) FROM users") == "1")
  }

  @Test func administrationNeedsAnExistingDatabase() async throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["users", "show", "ada"], ["users", "delete", "ada", "--yes"], ["users", "lock", "ada"],
      ["users", "unlock", "ada"], ["sessions", "prune"], ["audit"],
      ["users", "add", "--username", "ada", "--password-stdin"],
      ["users", "reset-password", "ada", "--password-stdin"],
      ["verify", "--username", "ada", "--password-stdin"],
      ["sessions", "check", "--token-stdin"], ["backup", sandbox.root + "/copy.sqlite3"],
    ] {
      let run = try await sandbox.run(arguments, input: Passphrase.first + "\n")
      #expect(run.status == 66, "\(arguments): \(run.errors)")
      #expect(run.errors.hasPrefix("Error: No database at "), "\(arguments)")
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
  }

  @Test func showTellsEverythingButTheHash() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("fay")
    _ = try await sandbox.signIn("fay", password: "not the passphrase at all")
    let text = try await sandbox.run(["users", "show", "FAY"])
    #expect(text.status == 0, "\(text.errors)")
    for line in [
      "Username:        fay\n", "Created:         ", "Last sign-in:    20", "Locked:          no\n",
      "Failed sign-ins: 1\n", "Active sessions: 1\n", "\nID  STARTED ",
    ] {
      #expect(text.output.contains(line), "\(line)")
    }
    let json = try #require(
      try await sandbox.run(["users", "show", "fay", "--json"]).json() as? [String: Any])
    #expect(json["username"] as? String == "fay")
    #expect(json["locked"] as? Bool == false)
    #expect(json["lock_reason"] is NSNull)
    #expect(json["failed_attempts"] as? Int == 1)
    #expect(json["last_sign_in_at"] is String)
    #expect((json["active_sessions"] as? [[String: Any]])?.count == 1)
    for run in [text] { #expect(!run.output.contains("$argon2id$")) }

    let unknown = try await sandbox.run(["users", "show", "ghost"])
    #expect(unknown.status == 65)
    #expect(
      unknown.errors == "Error: No account named 'ghost'.\nList them with 'authcli users list'.\n")
    let missing = try await sandbox.run(["users", "show"])
    #expect(missing.status == 64)
    #expect(missing.errors.hasPrefix("Error: Missing expected argument '<username>'"))
    let wrongOption = try await sandbox.run(["users", "show", "fay", "--yes"])
    #expect(wrongOption.status == 64)
    #expect(wrongOption.errors.hasPrefix("Error: Unknown option '--yes' for 'users show'"))
  }

  @Test func deleteNeedsYesWithoutATerminalAndEndsTheSessions() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("gus")
    let refused = try await sandbox.run(["users", "delete", "gus"])
    #expect(refused.status == 64)
    #expect(
      refused.errors
        == "Error: Deleting needs confirmation; pass --yes\n"
        + "Answer 'y' at the prompt on a terminal, or pass --yes.\n")
    let noInput = try await sandbox.run(["users", "delete", "gus", "--no-input"])
    #expect(noInput.status == 64)
    #expect(try await sandbox.run(["whoami"]).status == 0)

    let deleted = try await sandbox.run(["users", "delete", "gus", "--yes", "--json"])
    #expect(deleted.status == 0, "\(deleted.errors)")
    let object = try #require(try deleted.json() as? [String: Any])
    #expect(object["deleted"] as? Bool == true)
    #expect(object["ended_sessions"] as? Int == 1)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    #expect(try await sandbox.sql("SELECT count(*) FROM sessions") == "0")
    // The trail keeps the name; the name may be used again.
    #expect(
      try await sandbox.sql("SELECT kind FROM auth_events WHERE username = 'gus' ORDER BY id")
        == "sign_up\naccount_deleted")
    #expect(try await sandbox.run(["users", "delete", "gus", "--yes"]).status == 65)
    #expect(try await sandbox.signUp("gus").status == 0)
  }

  @Test func aLockRefusesSignInAsAWrongPasswordWouldAndEndsTheSessions() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("hal")
    let wrong = try await sandbox.signIn("hal", password: "not the passphrase at all")
    let locked = try await sandbox.run(
      ["users", "lock", "hal", "--reason", "laptop stolen", "--json"])
    #expect(locked.status == 0, "\(locked.errors)")
    let object = try #require(try locked.json() as? [String: Any])
    #expect(object["ended_sessions"] as? Int == 1)
    #expect(object["was_locked"] as? Bool == false)
    #expect(try await sandbox.run(["whoami"]).status == 77)

    let refused = try await sandbox.signIn("hal", password: Passphrase.first)
    #expect(refused.status == wrong.status)
    #expect(refused.status == 77)
    #expect(refused.errors == wrong.errors)
    let verify = try await sandbox.run(
      ["verify", "--username", "hal", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(verify.status == 77)
    #expect(verify.errors == wrong.errors)

    let show = try await sandbox.run(["users", "show", "hal"])
    #expect(show.output.contains("Locked:          yes, since "))
    #expect(show.output.contains(": laptop stolen\n"))
    let again = try await sandbox.run(["users", "lock", "hal"])
    #expect(again.output == "Account hal was locked already; reason updated; 0 sessions ended.\n")

    let unlocked = try await sandbox.run(["users", "unlock", "hal"])
    #expect(unlocked.status == 0)
    #expect(unlocked.output == "Unlocked hal; failed sign-ins cleared.\n")
    #expect(try await sandbox.signIn("hal", password: Passphrase.first).status == 0)
    let kinds = try await sandbox.sql(
      "SELECT kind || ' ' || detail FROM auth_events WHERE username = 'hal' ORDER BY id")
    #expect(kinds.contains("account_locked 1 session(s) ended; reason: laptop stolen"))
    #expect(kinds.contains("sign_in_failed locked by an operator\n"))
    #expect(kinds.contains("account_unlocked "))
  }

  @Test func unlockClearsTheSignInThrottle() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ida")
    for _ in 0..<5 {
      _ = try await sandbox.signIn("ida", password: "not the passphrase at all")
    }
    #expect(try await sandbox.signIn("ida", password: Passphrase.first).status == 77)
    let show = try await sandbox.run(["users", "show", "ida", "--json"])
    let details = try #require(try show.json() as? [String: Any])
    #expect(details["failed_attempts"] as? Int == 5)
    #expect(details["throttled_until"] is String)
    let unlocked = try await sandbox.run(["users", "unlock", "ida"])
    #expect(unlocked.output == "Account ida was not locked; failed sign-ins cleared.\n")
    #expect(try await sandbox.signIn("ida", password: Passphrase.first).status == 0)
  }

  @Test func everyVerbRefusesANameWithNoAccountAndChangesNothing() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("lou")
    let before = try await sandbox.sql("SELECT count(*) FROM auth_events")
    for arguments in [
      ["users", "show", "ghost"], ["users", "delete", "ghost", "--yes"],
      ["users", "lock", "ghost", "--reason", "gone"], ["users", "unlock", "ghost"],
      ["users", "reset-password", "ghost", "--password-stdin"],
    ] {
      let text = try await sandbox.run(arguments, input: Passphrase.second + "\n")
      #expect(text.status == 65, "\(arguments)")
      #expect(
        text.errors == "Error: No account named 'ghost'.\nList them with 'authcli users list'.\n",
        "\(arguments)")
      let json = try await sandbox.run(arguments + ["--json"], input: Passphrase.second + "\n")
      #expect(json.status == 65, "\(arguments)")
      let error = try #require(
        (try JSONSerialization.jsonObject(with: Data(json.errors.utf8)) as? [String: Any])?[
          "error"] as? [String: Any])
      #expect(error["code"] as? Int == 65)
      #expect(error["kind"] as? String == "no_such_account", "\(arguments)")
    }
    #expect(try await sandbox.sql("SELECT count(*) FROM auth_events") == before)
    #expect(try await sandbox.run(["whoami"]).status == 0)
  }

  @Test func aLockReasonHasALimit() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("jon")
    let run = try await sandbox.run(
      ["users", "lock", "jon", "--reason", String(repeating: "x", count: 201)])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: The value for '--reason <text>' is longer than 200"))
    #expect(try await sandbox.run(["whoami"]).status == 0)
  }

  @Test func resetPasswordSetsANewOneAndEndsEverySession() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("kai")
    let weak = try await sandbox.run(
      ["users", "reset-password", "kai", "--password-stdin"], input: "short\n")
    #expect(weak.status == 65)
    #expect(weak.errors.hasPrefix("Error: password: Use at least 15 characters"))
    let reset = try await sandbox.run(
      ["users", "reset-password", "KAI", "--password-stdin", "--json"],
      input: Passphrase.second + "\nignored\n")
    #expect(reset.status == 0, "\(reset.errors)")
    let object = try #require(try reset.json() as? [String: Any])
    #expect(object["ended_sessions"] as? Int == 1)
    #expect(try await sandbox.run(["whoami"]).status == 77)
    #expect(try await sandbox.signIn("kai", password: Passphrase.first).status == 77)
    #expect(try await sandbox.signIn("kai", password: Passphrase.second).status == 0)
    let unknown = try await sandbox.run(
      ["users", "reset-password", "nobody", "--password-stdin"], input: Passphrase.second + "\n")
    #expect(unknown.status == 65)
    #expect(
      try await sandbox.sql("SELECT count(*) FROM auth_events WHERE kind = 'password_reset'") == "1"
    )
  }
}
