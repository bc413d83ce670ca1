import Foundation
import Testing

@testable import AuthCLI

@Suite("End to end: account command failures")
struct AccountFailureTests {
  @Test func validationFailuresPrintOneLinePerFieldAndExit65() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(
      ["signup", "--username", "ab", "--password-stdin"], input: "short\n")
    #expect(run.status == 65)
    #expect(run.output.isEmpty)
    #expect(
      run.errors == """
        Error: username: Use 3 to 32 characters
        Error: password: Use at least 15 characters — a few words make a good passphrase

        """)
    #expect(try sandbox.stateFiles().isEmpty)
    let json = try await sandbox.run(
      ["signup", "--json", "--username", "ab", "--password-stdin"], input: "short\n")
    let error = try json.jsonError()
    #expect(error.code == 65)
    #expect(error.message.hasPrefix("username: Use 3 to 32 characters\npassword: "))
  }

  @Test func aTakenUsernameExits65() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("dave").status == 0)
    let again = try await sandbox.signUp("DAVE")
    #expect(again.status == 65)
    #expect(again.errors == "Error: username: This username is taken\n")
  }

  @Test func promptsAreRefusedWithoutATerminalOrUnderNoInput() async throws {
    let sandbox = try Sandbox()
    let cases: [([String], String)] = [
      (
        ["signup", "--username", "erin"],
        "Error: Standard input is not a terminal; pass --password-stdin\nSee 'authcli signup --help'.\n"
      ),
      (
        ["signup"],
        "Error: Standard input is not a terminal; pass --username <name>\nSee 'authcli signup --help'.\n"
      ),
      (
        ["signup", "--password-stdin"],
        "Error: Pass --username <name>: standard input carries the password\nSee 'authcli signup --help'.\n"
      ),
      (
        ["signin", "--username", "erin", "--no-input"],
        "Error: Input is needed but --no-input was given; pass --password-stdin\nSee 'authcli signin --help'.\n"
      ),
    ]
    _ = try await sandbox.run(["migrate"])
    for (arguments, message) in cases {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.errors == message, "\(arguments)")
    }
  }

  @Test func theEndOfInputAtAPromptExits66AndWritesNothing() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["signup", "--username", "frank", "--password-stdin"])
    #expect(run.status == 66)
    #expect(
      run.errors
        == "Error: Input ended; nothing was changed.\n"
        + "Give every line the command reads (one per answer) and run it again.\n")
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
    #expect(try sandbox.stateFiles().isEmpty)
  }

  @Test func signedInCommandsWithoutASessionExit77() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    for arguments in [
      ["whoami"], ["signout"], ["signout", "--all"], ["sessions", "list"],
      ["sessions", "revoke", "1"], ["passwd", "--password-stdin"],
    ] {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 77, "\(arguments)")
      #expect(run.errors == "Error: Not signed in.\nSign in with 'authcli signin'.\n")
    }
    let json = try await sandbox.run(["whoami", "--json"])
    #expect(try json.jsonError() == (77, "Not signed in."))
  }

  @Test func signInOnAMissingDatabaseExits66WithoutCreatingIt() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.signIn("gina", password: Passphrase.first)
    #expect(run.status == 66)
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
  }

  @Test func aWrongCurrentPasswordExits77AndABadNewOneExits65() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("hank")
    let wrong = try await sandbox.run(
      ["passwd", "--password-stdin"],
      input: "not my passphrase at all\n\(Passphrase.second)\n")
    #expect(wrong.status == 77)
    #expect(
      wrong.errors
        == "Error: current password: Current password is incorrect\n"
        + ErrorKind.currentPasswordStep + "\n")
    let weak = try await sandbox.run(
      ["passwd", "--password-stdin"], input: "\(Passphrase.first)\nshort\n")
    #expect(weak.status == 65)
    #expect(weak.errors.hasPrefix("Error: new password: Use at least 15 characters"))
  }

  @Test func revokingASessionThatIsNotYoursExits65() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("ivan")
    let run = try await sandbox.run(["sessions", "revoke", "999"])
    #expect(run.status == 65)
    #expect(
      run.errors == "Error: No such session of yours.\nList them with 'authcli sessions list'.\n")
  }

  @Test func aThrowawayDatabaseIsOnlyForTheShell() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.signUp("jane", extra: ["--db", ":memory:"])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: A ':memory:' database lasts one process"))
  }

  @Test func anUnknownHashingCostIsAConfigurationError() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(
      ["signup", "--username", "kim", "--password-stdin"],
      input: "\(Passphrase.first)\n",
      extraEnvironment: ["AUTHCLI_ARGON2": "cheap"])
    #expect(run.status == 78)
    #expect(run.errors.hasPrefix("Error: AUTHCLI_ARGON2=cheap is not one of"))
  }

  @Test func anUnwritableStateFolderCannotBeCreated() async throws {
    let sandbox = try Sandbox()
    let blocker = sandbox.root + "/blocker"
    _ = FileManager.default.createFile(atPath: blocker, contents: Data())
    let run = try await sandbox.run(
      ["signup", "--username", "lena", "--password-stdin"],
      input: "\(Passphrase.first)\n",
      extraEnvironment: ["XDG_STATE_HOME": blocker])
    #expect(run.status == 73)
    #expect(run.errors.hasPrefix("Error: Cannot create \(blocker): a file is in the way"))
  }
}
