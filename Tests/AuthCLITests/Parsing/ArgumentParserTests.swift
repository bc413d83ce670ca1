import AuthCore
import Testing

@testable import AuthCLI

@Suite("Argument parsing")
struct ArgumentParserTests {
  private func parse(_ line: String) throws -> Invocation {
    try ArgumentParser.parse(line.split(separator: " ").map(String.init))
  }

  @Test func everySubcommandParsesToItsCommand() throws {
    let expected: [(String, Command)] = [
      ("signup", .signUp(username: nil, passwordFromStandardInput: false)),
      (
        "signup --username alice --password-stdin",
        .signUp(username: "alice", passwordFromStandardInput: true)
      ),
      ("signin --username=bob", .signIn(username: "bob", passwordFromStandardInput: false)),
      ("signout", .signOut(all: false)),
      ("signout --all", .signOut(all: true)),
      ("whoami", .whoAmI),
      ("passwd --password-stdin", .changePassword(passwordFromStandardInput: true)),
      ("sessions list", .listSessions),
      ("sessions revoke 12", .revokeSession(SessionID(rawValue: 12))),
      ("users list", .listUsers),
      ("inspect", .inspect),
      ("migrate", .migrate),
      ("migrate status", .migrationStatus),
      ("shell", .shell),
      ("help", .help(.root)),
      ("help signup", .help(.subcommand(.signup))),
      ("help sessions list", .help(.subcommand(.sessions))),
      ("help exit-codes", .help(.exitCodes)),
      ("--version", .version),
      ("-h", .help(.root)),
      ("--help", .help(.root)),
      ("signin -h", .help(.subcommand(.signin))),
      ("sessions revoke --help", .help(.subcommand(.sessions))),
    ]
    for (line, command) in expected {
      #expect(try parse(line).command == command, "\(line)")
    }
  }

  @Test func noArgumentsShowsTheRootHelp() throws {
    #expect(try ArgumentParser.parse([]).command == .help(.root))
  }

  @Test func globalOptionsStandBeforeOrAfterTheSubcommand() throws {
    let before = try parse("--db /tmp/a.db --json --no-input --no-color whoami")
    let after = try parse("whoami --db=/tmp/a.db --json --no-input --no-color")
    let expected = GlobalOptions(
      databasePath: "/tmp/a.db", json: true, noInput: true, noColor: true)
    #expect(before.options == expected)
    #expect(after.options == expected)
    #expect(before.command == .whoAmI)
    #expect(after.command == .whoAmI)
  }

  @Test func doubleDashEndsTheOptions() throws {
    let invocation = try ArgumentParser.parse(["sessions", "--", "revoke", "7"])
    #expect(invocation.command == .revokeSession(SessionID(rawValue: 7)))
    #expect(throws: UsageError("Unexpected argument '--json'", subcommand: .whoami)) {
      try ArgumentParser.parse(["whoami", "--", "--json"])
    }
  }

  @Test func anInlineValueMayStartWithADash() throws {
    let invocation = try ArgumentParser.parse(["signin", "--username=-x"])
    #expect(invocation.command == .signIn(username: "-x", passwordFromStandardInput: false))
  }

  @Test func theLastRepeatedValueWins() throws {
    let invocation = try parse("--db a.db inspect --db b.db")
    #expect(invocation.options.databasePath == "b.db")
  }

  @Test func usageErrorsNameTheProblemAndTheHelpToRead() {
    let cases: [(String, UsageError)] = [
      ("frobnicate", UsageError("Unknown subcommand 'frobnicate'")),
      ("--frob", UsageError("Unknown option '--frob'")),
      ("whoami -x", UsageError("Unknown option '-x'", subcommand: .whoami)),
      ("signin --all", UsageError("Unknown option '--all' for 'signin'", subcommand: .signin)),
      (
        "whoami --username x",
        UsageError("Unknown option '--username' for 'whoami'", subcommand: .whoami)
      ),
      (
        "inspect --password-stdin",
        UsageError("Unknown option '--password-stdin' for 'inspect'", subcommand: .inspect)
      ),
      ("--db", UsageError("Missing value for '--db <path>'")),
      (
        "signin --username",
        UsageError("Missing value for '--username <name>'", subcommand: .signin)
      ),
      (
        "signin --username --password-stdin",
        UsageError("Missing value for '--username <name>'", subcommand: .signin)
      ),
      (
        "whoami --json=yes",
        UsageError("The option '--json' does not take a value", subcommand: .whoami)
      ),
      ("whoami extra", UsageError("Unexpected argument 'extra'", subcommand: .whoami)),
      (
        "sessions", UsageError("Missing subcommand: 'list' or 'revoke <id>'", subcommand: .sessions)
      ),
      ("sessions drop", UsageError("Unknown subcommand 'sessions drop'", subcommand: .sessions)),
      ("sessions revoke", UsageError("Missing expected argument '<id>'", subcommand: .sessions)),
      ("sessions list all", UsageError("Unexpected argument 'all'", subcommand: .sessions)),
      ("sessions revoke 1 2", UsageError("Unexpected argument '2'", subcommand: .sessions)),
      ("users", UsageError("Missing subcommand: 'list'", subcommand: .users)),
      ("users delete", UsageError("Unknown subcommand 'users delete'", subcommand: .users)),
      ("migrate up", UsageError("Unexpected argument 'up'", subcommand: .migrate)),
      ("migrate status now", UsageError("Unexpected argument 'now'", subcommand: .migrate)),
      ("help frob", UsageError("Unknown subcommand 'frob'", subcommand: .help)),
      ("help exit-codes now", UsageError("Unexpected argument 'now'", subcommand: .help)),
    ]
    for (line, error) in cases {
      #expect(throws: error, "\(line)") { try parse(line) }
    }
  }

  @Test func aSessionIDMustBeAPositiveNumber() {
    for id in ["abc", "0", "-3", "1.5"] {
      #expect(throws: UsageError.self, "\(id)") {
        try ArgumentParser.parse(["sessions", "revoke", "--", id])
      }
    }
  }

  @Test func theHintPointsAtTheSubcommandsHelp() {
    #expect(UsageError("x", subcommand: .signup).hint == "See 'authcli signup --help'.")
    #expect(UsageError("x").hint == "See 'authcli --help'.")
  }
}
