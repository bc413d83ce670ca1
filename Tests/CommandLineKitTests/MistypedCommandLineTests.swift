import Testing

@testable import CommandLineKit

/// A program shaped like authcli: a root that only holds subcommands, credentials with a
/// short form, a number with a range, and a refused password option.
private enum Accounts {
  static let json = Flag("json", help: "JSON.")
  static let username = Option<String?>("username", short: "u", valueName: "name", help: "Who.")
  static let passwordStandardInput = Flag("password-stdin", help: "Read it.")
  static let yes = Flag("yes", short: "y", help: "Confirm.")
  static let limit = Option<Int>("limit", valueName: "n", help: "How many.", default: 50) {
    text throws(InvalidValue) in
    guard let number = Int(text), number > 0 else { throw InvalidValue("use a positive number") }
    return number
  }
  static let name = Argument<String>("username", help: "The account.")

  static let refusal = RefusedOption(
    names: ["password"], shortNames: ["p"], message: "No passwords as options",
    instead: "Use --password-stdin.")

  static let tool = ToolDeclaration<String>(
    root: CommandDeclaration(
      "accounts", abstract: "Accounts.", options: [json],
      subcommands: [
        CommandDeclaration(
          "signup", abstract: "Sign up.", options: [username, passwordStandardInput],
          action: "signup"),
        CommandDeclaration(
          "signin", abstract: "Sign in.", options: [username, passwordStandardInput],
          action: "signin"),
        CommandDeclaration("audit", abstract: "Audit.", options: [limit], action: "audit"),
        CommandDeclaration(
          "users", abstract: "Users.",
          subcommands: [
            CommandDeclaration("list", abstract: "List.", action: "list"),
            CommandDeclaration(
              "show", abstract: "Show.", arguments: [name], action: "show"),
            CommandDeclaration(
              "delete", abstract: "Delete.", arguments: [name], options: [yes], action: "delete"),
            CommandDeclaration(
              "keys", abstract: "Keys.",
              subcommands: [CommandDeclaration("rotate", abstract: "Rotate.", action: "rotate")],
              action: "keys"),
          ]),
        // Runs, and holds a subcommand: a word after it can only be that subcommand.
        CommandDeclaration(
          "migrate", abstract: "Migrate.",
          subcommands: [CommandDeclaration("status", abstract: "Status.", action: "status")],
          action: "migrate"),
      ]),
    hasVersion: true, refusing: [refusal])

  static func parse(_ words: String...) throws(UsageError) -> ParsedCommandLine<String> {
    try tool.parse(words)
  }

  /// The usage error `words` get, or a failed expectation when they parse.
  static func error(_ words: String...) -> UsageError? { error(words) }

  static func error(_ words: [String]) -> UsageError? {
    do {
      _ = try tool.parse(words)
      Issue.record("\(words) parsed")
      return nil
    } catch {
      return error
    }
  }
}

@Suite("Mistyped command lines")
struct MistypedCommandLineTests {
  @Test func editDistanceCountsASwapOfNeighboursAsOneEdit() {
    #expect(Suggestions.editDistance("signup", "signup") == 0)
    #expect(Suggestions.editDistance("singup", "signup") == 1)
    #expect(Suggestions.editDistance("sigup", "signup") == 1)
    #expect(Suggestions.editDistance("signupp", "signup") == 1)
    #expect(Suggestions.editDistance("kitten", "sitting") == 3)
    #expect(Suggestions.editDistance("", "abc") == 3)
    #expect(Suggestions.editDistance("abc", "") == 3)
    // Optimal string alignment: a swapped pair is not edited again.
    #expect(Suggestions.editDistance("ca", "abc") == 3)
  }

  @Test func theDistanceAllowedGrowsWithTheLengthOfTheWord() {
    #expect(Suggestions.threshold(for: "abc") == 1)
    #expect(Suggestions.threshold(for: "abcde") == 1)
    #expect(Suggestions.threshold(for: "abcdef") == 2)
    #expect(Suggestions.threshold(for: "abcdefgh") == 2)
    #expect(Suggestions.threshold(for: "abcdefghi") == 3)
    #expect(Suggestions.threshold(for: "password-stdin-and-more") == 3)
    #expect(Suggestions.closest(to: "ls", among: ["list"]).isEmpty)
    #expect(Suggestions.closest(to: "-x", among: ["-v", "--x"]).isEmpty)
    #expect(Suggestions.closest(to: "SIGNIN", among: ["signin"]) == ["signin"])
    #expect(Suggestions.closest(to: "--pasword-stdn", among: ["--password-stdin"]).count == 1)
    #expect(Suggestions.closest(to: "frobnicate", among: ["signin", "signup"]).isEmpty)
    // Every candidate one edit too far stays out, however many there are.
    #expect(Suggestions.closest(to: "tcsh", among: ["bash", "zsh", "fish"]).isEmpty)
  }

  /// At any depth, below a group or a command that runs, the words typed are named with the
  /// path they were typed after, and the closest subcommand is offered.
  @Test(arguments: [
    (["sigup"], ["accounts"], "signup"),
    (["users", "lsit"], ["accounts", "users"], "users list"),
    (["migrate", "statsu"], ["accounts", "migrate"], "migrate status"),
    (["users", "keys", "rotaet"], ["accounts", "users", "keys"], "users keys rotate"),
  ])
  func aMistypedSubcommandIsAnsweredWithTheClosestOneAtAnyDepth(
    words: [String], path: [String], closest: String
  ) {
    #expect(
      Accounts.error(words)
        == UsageError(
          "Unknown subcommand '\(words.joined(separator: " "))'", commandPath: path,
          suggestion: "Did you mean '\(closest)'?"))
  }

  @Test func aMistypedSubcommandIsAnsweredWithTheClosestOne() {
    #expect(Accounts.error("singin")?.suggestion == "Did you mean 'signin'?")
    #expect(Accounts.error("signun")?.suggestion == "Did you mean 'signup' or 'signin'?")
    #expect(
      Accounts.error("users", "lsit")?.hint
        == "Did you mean 'users list'? See 'accounts users --help'."
    )
    let unrelated = Accounts.error("frobnicate")
    #expect(unrelated?.suggestion == nil)
    #expect(unrelated?.hint == "See 'accounts --help'.")
  }

  @Test func aWordBelowACommandThatRunsIsNoSubcommandWithoutOneNear() {
    #expect(Accounts.error("migrate", "up")?.message == "Unknown subcommand 'migrate up'")
    #expect(Accounts.error("migrate", "up")?.suggestion == nil)
    // A command with arguments takes the word as one, as before.
    #expect(Accounts.error("users", "show", "ada", "bob")?.message == "Unexpected argument 'bob'")
  }

  @Test func wordsReadOutsideTheParserGetTheSameSuggestions() {
    #expect(Accounts.tool.subcommandSuggestion(for: ["sigup"]) == "Did you mean 'signup'?")
    #expect(
      Accounts.tool.subcommandSuggestion(for: ["users", "lsit"]) == "Did you mean 'users list'?")
    #expect(
      Accounts.tool.subcommandSuggestion(for: ["exit-cods"], extra: ["exit-codes"])
        == "Did you mean 'exit-codes'?")
    #expect(
      Accounts.tool.subcommandSuggestion(for: ["users", "exit-cods"], extra: ["exit-codes"]) == nil)
    #expect(Accounts.tool.subcommandSuggestion(for: ["nothing", "lsit"]) == nil)
    #expect(Accounts.tool.subcommandSuggestion(for: []) == nil)
  }

  @Test func aMistypedOptionIsAnsweredWithTheClosestOneTheCommandAccepts() {
    #expect(
      Accounts.error("signin", "--usrname", "ada")
        == UsageError(
          "Unknown option '--usrname'", commandPath: ["accounts", "signin"],
          suggestion: "Did you mean '--username'?"))
    #expect(Accounts.error("signin", "--usrname=ada")?.message == "Unknown option '--usrname'")
    #expect(Accounts.error("signin", "--jsno")?.suggestion == "Did you mean '--json'?")
    #expect(Accounts.error("signin", "--hepl")?.suggestion == "Did you mean '--help'?")
    #expect(Accounts.error("--verison")?.suggestion == "Did you mean '--version'?")
    #expect(
      Accounts.error("signin", "-username", "ada")?.suggestion == "Did you mean '--username'?")
    #expect(
      Accounts.error("signin", "--password-stdn")?.suggestion == "Did you mean '--password-stdin'?")
    // Typed before its subcommand, an option of the subcommand is among the candidates.
    #expect(
      Accounts.error("--usernme", "ada", "signin")?.suggestion == "Did you mean '--username'?")
    #expect(Accounts.error("signin", "-x")?.suggestion == nil)
    #expect(Accounts.error("signin", "--frobnicate")?.suggestion == nil)
  }

  @Test func aWordThatStartsWithADashIsNeverTakenAsAValue() throws {
    #expect(
      Accounts.error("signin", "--username", "-abc")
        == UsageError(
          "Value expected for '--username <name>', got an option: '-abc'",
          commandPath: ["accounts", "signin"],
          suggestion: "If '-abc' is the value, write '--username=-abc'."))
    #expect(
      Accounts.error("signin", "-u", "--json")?.message
        == "Value expected for '--username <name>', got an option: '--json'")
    #expect(
      Accounts.error("audit", "--limit", "-1")?.message
        == "Value expected for '--limit <n>', got an option: '-1'")
    // Given with `=`, the value is the value, and meets the option's own rules.
    #expect(try Accounts.parse("signin", "--username=-abc").values[Accounts.username] == "-abc")
    #expect(
      Accounts.error("audit", "--limit=-1")?.message
        == "The value '-1' is invalid for '--limit <n>': use a positive number")
    #expect(
      Accounts.error("signin", "--username")?.message == "Missing value for '--username <name>'")
  }

  @Test func shortFormsReadTheSameDeclarations() throws {
    let signin = try Accounts.parse("signin", "-u", "ada")
    #expect(signin.values[Accounts.username] == "ada")
    let delete = try Accounts.parse("users", "delete", "ada", "-y")
    #expect(delete.values[Accounts.yes])
  }

  @Test func aRefusedOptionIsRefusedByNameWithoutItsValue() {
    let expected = UsageError(
      "No passwords as options", commandPath: ["accounts", "signin"],
      suggestion: "Use --password-stdin.")
    for words in [
      ["signin", "--password", "s3cret"], ["signin", "--password=s3cret"],
      ["signin", "-p", "s3cret"],
      ["signin", "-ps3cret"], ["signin", "--username", "--password=s3cret"],
      ["signin", "-u", "ada", "-p"],
    ] {
      do {
        _ = try Accounts.tool.parse(words)
        Issue.record("\(words) parsed")
      } catch {
        #expect(error == expected, "\(words)")
        #expect(!error.message.contains("s3cret") && !error.hint.contains("s3cret"))
      }
    }
    #expect(Accounts.error("--password", "x", "signin")?.commandPath == ["accounts"])
    #expect(expected.hint == "Use --password-stdin. See 'accounts signin --help'.")
    // After `--` it is an argument like any other word.
    #expect(
      (try? Accounts.parse("users", "show", "--", "--password").values[Accounts.name])
        == "--password")
    // --password-stdin is another option, not the refused one with a suffix.
    #expect((try? Accounts.parse("signin", "--password-stdin")) != nil)
  }

  @Test func aRefusedOptionCannotAlsoBeDeclared() {
    #expect(throws: DuplicateOption(form: "--password", commandPath: ["t", "run"])) {
      _ = try ToolDeclaration<String>(
        checking: CommandDeclaration(
          "t", abstract: "T.",
          subcommands: [
            CommandDeclaration(
              "run", abstract: "Run.", options: [Flag("password", help: "No.")], action: "r")
          ]),
        hasVersion: false, refusing: [Accounts.refusal])
    }
  }

  @Test func capitalVAsksForTheVersionAndTheRootPageListsIt() throws {
    guard case .version = try Accounts.parse("-V").request else {
      Issue.record("-V is not the version")
      return
    }
    guard case .version = try Accounts.parse("users", "list", "-V").request else {
      Issue.record("-V after a subcommand is not the version")
      return
    }
    #expect(Accounts.tool.helpPage(for: [Accounts.tool.root]).contains("  -V, --version"))
  }
}
