import Foundation
import Testing

/// The built binary with what people type without reading the help: short flags, typos,
/// values that start with a dash, a password as an option, and the version asked for in
/// three ways.
@Suite("End to end: short flags, did you mean, values, password options, the version")
struct CommandLineConventionTests {
  @Test func aMistypedSubcommandGetsTheClosestOneInTheHint() async throws {
    let sandbox = try Sandbox()
    let swapped = try await sandbox.run(["singup"])
    #expect(swapped.status == 64)
    #expect(swapped.output.isEmpty)
    #expect(
      swapped.errors
        == "Error: Unknown subcommand 'singup'\nDid you mean 'signup'? See 'authcli --help'.\n")
    let nested = try await sandbox.run(["users", "lsit"])
    #expect(nested.status == 64)
    #expect(
      nested.errors
        == "Error: Unknown subcommand 'users lsit'\n"
        + "Did you mean 'users list'? See 'authcli users --help'.\n")
    let unrelated = try await sandbox.run(["frobnicate"])
    #expect(unrelated.errors == "Error: Unknown subcommand 'frobnicate'\nSee 'authcli --help'.\n")
  }

  @Test func aMistypedHelpTopicGetsTheClosestOneInTheHint() async throws {
    let sandbox = try Sandbox()
    let command = try await sandbox.run(["help", "sigin"])
    #expect(command.status == 64)
    #expect(
      command.errors
        == "Error: Unknown subcommand 'sigin'\n"
        + "Did you mean 'signin'? See 'authcli help --help'.\n")
    let topic = try await sandbox.run(["help", "exit-cods"])
    #expect(topic.errors.contains("Did you mean 'exit-codes'?"))
    let nested = try await sandbox.run(["help", "users", "lsit"])
    #expect(nested.errors.contains("Did you mean 'users list'?"))
  }

  @Test func aMistypedOptionGetsTheClosestOneInTheHint() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["signin", "--usrname", "ada", "--password-stdin"])
    #expect(run.status == 64)
    #expect(
      run.errors
        == "Error: Unknown option '--usrname'\n"
        + "Did you mean '--username'? See 'authcli signin --help'.\n")
    let global = try await sandbox.run(["users", "list", "--jsno"])
    #expect(global.status == 64)
    #expect(global.errors.contains("Did you mean '--json'?"))
    // With --json the error object carries the same message.
    let json = try await sandbox.run(["--json", "whoami", "--no-colour"])
    #expect(json.status == 64)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.errors.utf8)) as? [String: Any])
    let error = try #require(object["error"] as? [String: Any])
    #expect(error["message"] as? String == "Unknown option '--no-colour'")
  }

  @Test func aValueThatStartsWithADashIsAskedForWithEquals() async throws {
    let sandbox = try Sandbox()
    let limit = try await sandbox.run(["audit", "--limit", "-1"])
    #expect(limit.status == 64)
    #expect(
      limit.errors
        == "Error: Value expected for '--limit <n>', got an option: '-1'\n"
        + "If '-1' is the value, write '--limit=-1'. See 'authcli audit --help'.\n")
    let limitWithEquals = try await sandbox.run(["audit", "--limit=-1"])
    #expect(limitWithEquals.status == 64)
    #expect(
      limitWithEquals.errors
        == "Error: The value '-1' is invalid for '--limit <n>': use a positive number\n"
        + "See 'authcli audit --help'.\n")

    let username = try await sandbox.run(
      ["signup", "--username", "-abc", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(username.status == 64)
    #expect(
      username.errors.hasPrefix(
        "Error: Value expected for '--username <name>', got an option: '-abc'\n"))
    // Given with `=`, the value reaches the username rules, which refuse it as data.
    let usernameWithEquals = try await sandbox.run(
      ["signup", "--username=-abc", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(usernameWithEquals.status == 65)
    #expect(usernameWithEquals.errors.hasPrefix("Error: username: "))
    #expect(try sandbox.stateFiles().isEmpty)
  }

  @Test(arguments: [
    ["signup", "--username", "ada", "--password", "hunter2hunter2"],
    ["signup", "--username", "ada", "--password=hunter2hunter2"],
    ["signup", "-u", "ada", "-p", "hunter2hunter2"],
    ["signin", "--password", "hunter2hunter2", "--username", "ada"],
    ["--password", "hunter2hunter2", "verify", "--username", "ada"],
  ])
  func aPasswordGivenAsAnOptionIsRefusedPointingToPasswordStandardInput(
    arguments: [String]
  ) async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(arguments)
    #expect(run.status == 64)
    #expect(run.output.isEmpty)
    #expect(
      run.errors.hasPrefix(
        "Error: A password is never given as an option: every user of this machine could "
          + "read it, and the shell's history would keep it\n"
          + "Pipe it to --password-stdin, or leave it out to be prompted. See 'authcli "))
    #expect(!run.errors.contains("hunter2"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
  }

  @Test func shortFlagsDoWhatTheLongOnesDo() async throws {
    let sandbox = try Sandbox()
    let signup = try await sandbox.run(
      ["signup", "-u", "ada", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(signup.status == 0, "\(signup.errors)")
    #expect(signup.output == "Created account ada and signed in.\n")
    let signin = try await sandbox.run(
      ["signin", "-u", "ada", "--password-stdin"], input: "\(Passphrase.first)\n")
    #expect(signin.status == 0, "\(signin.errors)")
    let delete = try await sandbox.run(["users", "delete", "ada", "-y"])
    #expect(delete.status == 0, "\(delete.errors)")
    let show = try await sandbox.run(["users", "show", "ada"])
    #expect(show.status != 0)
  }

  @Test func capitalVAndTheVersionSubcommandPrintWhatVersionPrints() async throws {
    let sandbox = try Sandbox()
    let long = try await sandbox.run(["--version"])
    #expect(long.status == 0)
    #expect(long.output.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
    for words in [["-V"], ["version"], ["users", "list", "-V"]] {
      let run = try await sandbox.run(words)
      #expect(run.status == 0, "\(words)")
      #expect(run.output == long.output, "\(words)")
      #expect(run.errors.isEmpty, "\(words)")
    }
    let longJSON = try await sandbox.run(["--json", "--version"])
    for words in [["--json", "-V"], ["version", "--json"]] {
      let run = try await sandbox.run(words)
      #expect(run.status == 0, "\(words)")
      #expect(run.output == longJSON.output, "\(words)")
    }
  }
}
