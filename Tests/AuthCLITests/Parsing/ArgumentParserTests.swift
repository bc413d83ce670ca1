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
      (
        "users add --username ada --password-stdin",
        .addUser(username: "ada", passwordFromStandardInput: true)
      ),
      ("users show ada", .showUser("ada")),
      ("users delete ada", .deleteUser("ada", confirmed: false)),
      ("users delete --yes ada", .deleteUser("ada", confirmed: true)),
      ("users lock ada", .lockUser("ada", reason: "")),
      ("users lock ada --reason=stolen", .lockUser("ada", reason: "stolen")),
      ("users unlock ada", .unlockUser("ada")),
      (
        "users reset-password ada --password-stdin",
        .resetPassword("ada", passwordFromStandardInput: true)
      ),
      (
        "verify --username ada --password-stdin",
        .verify(username: "ada", passwordFromStandardInput: true)
      ),
      ("sessions check --token-stdin", .checkSession),
      ("sessions prune", .pruneSessions),
      ("audit", .audit(AuditSelection())),
      (
        "audit --user ada --kind sign_up --kind pruned --since 7d --limit 3",
        .audit(
          AuditSelection(
            username: "ada", kinds: [.signUp, .pruned], since: .ago(7 * 86_400), limit: 3))
      ),
      ("backup copy.sqlite3", .backup(path: "copy.sqlite3")),
      ("migrate --adopt", .adopt),
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
        "sessions",
        UsageError(
          "Missing subcommand: 'list', 'revoke <id>', 'check' or 'prune'", subcommand: .sessions)
      ),
      ("sessions drop", UsageError("Unknown subcommand 'sessions drop'", subcommand: .sessions)),
      ("sessions revoke", UsageError("Missing expected argument '<id>'", subcommand: .sessions)),
      ("sessions list all", UsageError("Unexpected argument 'all'", subcommand: .sessions)),
      ("sessions revoke 1 2", UsageError("Unexpected argument '2'", subcommand: .sessions)),
      (
        "users",
        UsageError(
          "Missing subcommand: 'list', 'add', 'show', 'delete', 'lock', 'unlock' or "
            + "'reset-password'", subcommand: .users)
      ),
      ("users drop", UsageError("Unknown subcommand 'users drop'", subcommand: .users)),
      ("users delete", UsageError("Missing expected argument '<username>'", subcommand: .users)),
      ("users show a b", UsageError("Unexpected argument 'b'", subcommand: .users)),
      (
        "users show ada --reason x",
        UsageError("Unknown option '--reason' for 'users show'", subcommand: .users)
      ),
      (
        "users add --yes", UsageError("Unknown option '--yes' for 'users add'", subcommand: .users)
      ),
      (
        "sessions prune --token-stdin",
        UsageError("Unknown option '--token-stdin' for 'sessions prune'", subcommand: .sessions)
      ),
      (
        "sessions check",
        UsageError(
          "Pass --token-stdin: 'sessions check' reads the token from standard input",
          subcommand: .sessions)
      ),
      ("backup", UsageError("Missing expected argument '<path>'", subcommand: .backup)),
      ("backup a b", UsageError("Unexpected argument 'b'", subcommand: .backup)),
      ("migrate status --adopt", UsageError("Unexpected argument 'status'", subcommand: .migrate)),
      ("verify --all", UsageError("Unknown option '--all' for 'verify'", subcommand: .verify)),
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
