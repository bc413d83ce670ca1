import AuthCore
import CommandLineKit
import Foundation
import Testing

@testable import AuthCLI

@Suite("Help pages")
@MainActor
struct HelpTests {
  private let harness = ToolHarness()
  private let tool = AuthCLITool.declaration

  /// Every subcommand's words, depth first: `["signup"]`, …, `["sessions", "revoke"]`.
  private var everySubcommand: [[String]] {
    func below(_ words: [String], _ command: Subcommand) -> [[String]] {
      command.subcommands.flatMap { child in
        [words + [child.name]] + below(words + [child.name], child)
      }
    }
    return below([], tool.root)
  }

  @Test func helpFlagsAndTheHelpSubcommandAgreeForEverySubcommand() async throws {
    #expect(everySubcommand.count > 12)
    for words in everySubcommand {
      let command = try #require(tool.path(to: words)?.last)
      let viaHelp = await harness.run(["help"] + words)
      let viaLong = await harness.run(words + ["--help"])
      let viaShort = await harness.run(words + ["-h"])
      #expect(viaHelp.code == .ok)
      // The overview is wrapped like any paragraph.
      let overview = viaHelp.output.components(separatedBy: "\n\nUSAGE: ").first?
        .replacingOccurrences(of: "\n", with: " ")
      #expect(overview == "OVERVIEW: " + command.abstract, "\(words)")
      #expect(viaHelp.output == viaLong.output, "\(words)")
      #expect(viaHelp.output == viaShort.output, "\(words)")
      #expect(viaHelp.errors.isEmpty)
    }
  }

  @Test func theRootPageListsEverySubcommandInTheArgumentParserLayout() async {
    let page = await harness.run(["--help"]).output
    #expect(await harness.run(["-h"]).output == page)
    #expect(await harness.run(["help"]).output == page)
    #expect(await harness.run([]).output == page)
    for heading in ["OVERVIEW: ", "\n\nUSAGE: authcli ", "\n\nOPTIONS:\n", "\n\nSUBCOMMANDS:\n"] {
      #expect(page.contains(heading), "\(heading)")
    }
    #expect(page.hasSuffix("\n\n  See 'authcli help <subcommand>' for detailed help.\n"))
    for command in tool.root.subcommands {
      #expect(page.contains("\n  \(command.name) "), "\(command.name)")
    }
    for option in [
      "--db <path>", "--json", "--no-input", "--no-color", "-V, --version", "-h, --help",
    ] {
      #expect(page.contains("\n  \(option) "), "\(option)")
    }
  }

  @Test func theRootPageKeepsItsLayout() {
    #expect(
      tool.helpPage(for: [tool.root]).hasPrefix(
        """
        OVERVIEW: Accounts and sessions in SQLite, from scripts or an interactive shell.

        USAGE: authcli [--db <path>] [--json] [--no-input] [--no-color] <subcommand>

        The exit codes are listed by 'authcli help exit-codes', the kinds of JSON errors
        by 'authcli help errors'. Environment: AUTHCLI_DB (the database when --db is not
        given), AUTHCLI_SECRET_KEY_FILE (the second-factor key file), XDG_DATA_HOME
        (where the default database lives), XDG_STATE_HOME (where session tokens and the
        key file live), HOME (the base of the XDG folders when they are unset), NO_COLOR
        (no colour when set and not empty), TERM (no colour and no line editing when
        dumb), COLUMNS (the width of pages and tables off a terminal), EDITRC (the
        shell's key bindings, in place of ~/.editrc); PAM_USER, PAM_SERVICE, PAM_RHOST
        and PAM_TTY (set by pam_exec for verify --pam); PGSSLMODE, PGHOST and PGHOSTADDR
        (libpq's, read when the URI names no host or TLS mode); AUTHCLI_ARGON2 and
        AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST (for tests only).

        Files: $XDG_DATA_HOME/authcli/auth.sqlite3 (the default database),
        $XDG_STATE_HOME/authcli/ (session tokens), $XDG_STATE_HOME/authcli.key (the
        second-factor key), shell --history FILE (the shell's history, when named),
        ~/.editrc (the shell's key bindings).

        OPTIONS:
          --db <path>             The database file, ':memory:' for a throwaway one
                                  (shell only), or a postgresql:// URI (without a
                                  password). Default: $AUTHCLI_DB, then
                                  $XDG_DATA_HOME/authcli/auth.sqlite3
                                  (~/.local/share/authcli/auth.sqlite3).
          --json                  Print results as JSON on stdout and errors as JSON on
                                  stderr.
          --no-input              Never prompt; fail with exit code 64 when input is
                                  needed.
          --no-color              Never colour the output (NO_COLOR does the same).
          -V, --version           Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          signup                  Create an account and sign in.
        """))
  }

  @Test func everyPageFitsEightyColumns() async {
    var pages = [
      tool.helpPage(for: [tool.root]), await harness.run(["help", "exit-codes"]).output,
    ]
    for words in everySubcommand {
      pages.append(tool.helpPage(for: tool.path(to: words) ?? []))
    }
    for page in pages {
      for line in page.split(separator: "\n") {
        #expect(line.count <= 80, "\(line)")
      }
    }
  }

  @Test func subcommandPagesShowTheirOwnOptionsAndArguments() async {
    let signUp = await harness.run(["help", "signup"]).output
    #expect(signUp.contains("USAGE: authcli signup [--username <name>] [--password-stdin]"))
    #expect(signUp.contains("\n  -u, --username <name> "))
    #expect(signUp.contains("\n  --password-stdin "))
    #expect(!signUp.contains("--all"))
    #expect(!signUp.contains("--version"))
    let sessions = await harness.run(["help", "sessions"]).output
    #expect(
      sessions.contains(
        "USAGE: authcli sessions list [<options>]\n       authcli sessions revoke <id> [<options>]"
      ))
    #expect(sessions.contains("SUBCOMMANDS:\n  list "))
    #expect(!sessions.contains("See 'authcli help <subcommand>'"))
    let revoke = await harness.run(["help", "sessions", "revoke"]).output
    #expect(revoke.hasPrefix("OVERVIEW: End one of the sessions by its id."))
    #expect(revoke.contains("ARGUMENTS:\n  <id> "))
    let migrate = await harness.run(["migrate", "--help"]).output
    #expect(
      migrate.contains(
        "USAGE: authcli migrate [--adopt] [<options>]\n       authcli migrate status [<options>]"))
  }

  @Test func versionPrintsTheVersionAlone() async {
    let result = await harness.run(["--version"])
    #expect(result.code == .ok)
    #expect(result.output == AuthCLIVersion.current + "\n")
    #expect(await harness.run(["whoami", "--version"]).output == result.output)
  }

  @Test func versionWithJSONIsAnObject() async throws {
    let result = await harness.run(["--json", "--version"])
    #expect(result.code == .ok)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(object["version"] as? String == AuthCLIVersion.current)
    #expect(object.count == 1)
  }

  @Test func errorKindsAreListedWithTheirExitCodes() async {
    let result = await harness.run(["help", "errors"])
    #expect(result.code == .ok)
    for kind in ErrorKind.allCases {
      #expect(result.output.contains("\n  \(kind.rawValue)"), "\(kind)")
      #expect(
        result.output.contains(kind.meaning.prefix(20))
          && result.output.contains(
            "(exit \(kind.code.rawValue))"),
        "\(kind)")
    }
    for (field, reasons) in FieldError.documented {
      for reason in reasons {
        #expect(result.output.contains(field + "_" + reason.rawValue), "\(field) \(reason)")
      }
    }
    for line in result.output.split(separator: "\n") {
      #expect(line.count <= 80, "\(line)")
    }
    #expect(Set(ErrorKind.allCases.map(\.rawValue)).count == ErrorKind.allCases.count)
  }

  @Test func everyRuleNamesADocumentedFieldKind() {
    func documented(_ field: String) -> [ValidationReason] {
      FieldError.documented.first { $0.field == field }?.reasons ?? []
    }
    let usernames = ["", "ab", String(repeating: "a", count: 40), "a!b", ".ab", "ada"]
    let usernameReasons = usernames.compactMap { Username.validate($0).reason }
    #expect(usernameReasons == [.required, .tooShort, .tooLong, .invalidCharacters, .invalidStart])
    for reason in usernameReasons + [.taken] {
      #expect(documented("username").contains(reason), "\(reason)")
    }
    let passwords = [
      "", "short", String(repeating: "long words ", count: 30), "ada says hello there",
      "my authcli passphrase", "password123456789", "abcabcabcabcabcabc",
    ]
    let passwordReasons = passwords.compactMap { Password.validate($0, username: "ada").reason }
    #expect(
      passwordReasons == [
        .required, .tooShort, .tooLong, .containsUsername, .containsServiceName, .tooCommon,
        .tooPredictable,
      ])
    for field in ["password", "new_password"] {
      for reason in passwordReasons { #expect(documented(field).contains(reason), "\(reason)") }
    }
    let confirmations = [
      Password.validateConfirmation("", of: "x"), Password.validateConfirmation("y", of: "x"),
    ]
    #expect(confirmations.map(\.reason) == [.required, .mismatch])
    #expect(
      documented("current_password").contains(Password.validateEntered("").reason ?? .tooLong))
  }

  @Test func exitCodesAreListedWithTheirNumbersAndNames() async {
    let result = await harness.run(["help", "exit-codes"])
    #expect(result.code == .ok)
    for code in ExitCode.allCases {
      #expect(result.output.contains("\n  \(code.rawValue) "), "\(code)")
      #expect(result.output.contains(code.name))
    }
    #expect(ExitCode.allCases.map(\.rawValue) == [0, 64, 65, 66, 69, 70, 73, 74, 75, 77, 78, 130])
  }

  /// What a code means is said once, by the kinds that end with it: each kind is listed
  /// under its own code, in its declared words, and every failing code has a kind.
  @Test func exitCodesAreExplainedByTheirKindsDeclarations() {
    let page = ExitCodeHelp.text(width: 1000)
    var blocks: [Int32: String] = [:]
    var current: Int32?
    for line in page.split(separator: "\n") {
      if line.hasPrefix("  "), let number = Int32(line.split(separator: " ").first ?? "") {
        current = number
      }
      if let current { blocks[current, default: ""] += String(line) + "\n" }
    }
    #expect(blocks.keys.sorted() == ExitCode.allCases.map(\.rawValue))
    for code in ExitCode.allCases where code != .ok {
      #expect(!code.kinds.isEmpty, "\(code) ends no kind of error")
    }
    for kind in ErrorKind.allCases {
      for (number, block) in blocks {
        #expect(
          block.contains(kind.rawValue + ": " + kind.meaning) == (number == kind.code.rawValue),
          "\(kind) under \(number)")
      }
    }
    let table = ExitCodeHelp.table
    #expect(
      table.first { $0.code == 77 }?.meaning.contains(ErrorKind.badCredentials.meaning) == true)
  }
}
