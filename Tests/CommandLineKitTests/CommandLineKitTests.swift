import Synchronization
import Testing

@testable import CommandLineKit

/// A small program declared for these tests: a runnable root with a group below it.
private enum Sample {
  static let verbose = Flag("verbose", short: "v", help: "Say more.")
  static let count = Option<Int>(
    "count", short: "c", valueName: "n", help: "How many.", default: 3
  ) { text throws(InvalidValue) in
    guard let number = Int(text), number > 0 else { throw InvalidValue("use a positive number") }
    return number
  }
  static let colour = Option<String?>(
    "colour", valueName: "name", help: "The colour.", choices: ["red", "green"])
  static let reason = Option<String?>("reason", valueName: "text", help: "Why.")
  static let names = Argument<String>("name", help: "Who.", isRepeating: true)
  static let file = Argument<String>(
    "file", help: "Where.", isOptional: true, completion: .files)

  static let tool = ToolDeclaration<String>(
    root: CommandDeclaration(
      "sample", abstract: "A sample.",
      discussion: "First paragraph\ncontinues.\n\nTABLE:\n  a  b\n  c  d",
      options: [verbose],
      subcommands: [
        CommandDeclaration(
          "greet", abstract: "Greet people.", arguments: [names], options: [count, colour],
          action: "greet"),
        CommandDeclaration(
          "users", abstract: "Manage users.",
          subcommands: [
            CommandDeclaration(
              "lock", abstract: "Lock one.", arguments: [file], options: [reason], action: "lock"),
            CommandDeclaration("list", abstract: "List them.", action: "list"),
          ]),
      ],
      action: "root"),
    hasVersion: true)

  static func parse(_ line: String) throws(UsageError) -> ParsedCommandLine<String> {
    try tool.parse(line.split(separator: " ").map(String.init))
  }
}

@Suite("Declared command lines")
struct CommandLineKitTests {
  private func action(_ parsed: ParsedCommandLine<String>) -> String? {
    if case .run(let action) = parsed.request { return action }
    return nil
  }

  @Test func valuesAreConvertedAndReadThroughTheirDeclarations() throws {
    let parsed = try Sample.parse("-v greet ada bob --count=2 --colour red")
    #expect(action(parsed) == "greet")
    #expect(parsed.subcommandNames == ["greet"])
    #expect(parsed.values[Sample.verbose])
    #expect(parsed.values[Sample.count] == 2)
    #expect(parsed.values[Sample.colour] == "red")
    #expect(parsed.values.all(Sample.names) == ["ada", "bob"])
    let short = try Sample.parse("greet -c 5 ada")
    #expect(short.values[Sample.count] == 5)
    #expect(!short.values[Sample.verbose])
    #expect(short.values[Sample.colour] == nil)
  }

  @Test func theParserAppliesDefaultsAndCollectsRepeatedValues() throws {
    let parsed = try Sample.parse("greet ada")
    #expect(parsed.values[Sample.count] == 3)
    #expect(parsed.values.typed(Sample.count) == nil)
    #expect(parsed.values[Sample.colour] == nil)
    let typed = try Sample.parse("greet ada --count 4")
    #expect(typed.values.typed(Sample.count) == 4)
    #expect(
      Sample.tool.helpPage(for: try #require(Sample.tool.path(to: ["greet"]))).contains(
        "How many. (default: 3)"))

    let tags = Option<[Int]>(repeating: "tag", valueName: "n", help: "A tag.") {
      text throws(InvalidValue) in
      guard let number = Int(text) else { throw InvalidValue("use a number") }
      return number
    }
    let tool = ToolDeclaration<String>(
      root: CommandDeclaration("tags", abstract: "Tags.", options: [tags], action: "run"),
      hasVersion: false)
    #expect(try tool.parse(["--tag", "2", "--tag=1"]).values[tags] == [2, 1])
    #expect(try tool.parse([]).values[tags] == [])
    #expect(tool.usageLines(for: [tool.root]) == ["tags [--tag <n> ...]"])
  }

  @Test func anOptionDeclaredTwiceForOneCommandIsRefused() {
    func declare(
      _ root: [any DeclaredOption], _ own: [any DeclaredOption], hasVersion: Bool = false
    ) throws(DuplicateOption) {
      _ = try ToolDeclaration<String>(
        checking: CommandDeclaration(
          "tool", abstract: "A tool.", options: root,
          subcommands: [
            CommandDeclaration("run", abstract: "Run.", options: own, action: "run"),
            CommandDeclaration("other", abstract: "Other.", options: [Sample.reason], action: "o"),
          ]),
        hasVersion: hasVersion)
    }
    let cases: [([any DeclaredOption], [any DeclaredOption], Bool, String, [String])] = [
      (
        [], [Sample.reason, Option<String?>("reason", valueName: "x", help: "Again.")], false,
        "--reason", ["tool", "run"]
      ),
      ([Sample.verbose], [Flag("verbose", help: "Twice.")], false, "--verbose", ["tool", "run"]),
      (
        [Sample.verbose], [Flag("very", short: "v", help: "Same letter.")], false, "-v",
        ["tool", "run"]
      ),
      ([Flag("help", help: "Shadowed.")], [], false, "--help", ["tool"]),
      ([], [Flag("hush", short: "h", help: "Shadowed.")], false, "-h", ["tool", "run"]),
      ([Flag("version", help: "Shadowed.")], [], true, "--version", ["tool"]),
    ]
    for (root, own, hasVersion, form, path) in cases {
      #expect(throws: DuplicateOption(form: form, commandPath: path), "\(form)") {
        try declare(root, own, hasVersion: hasVersion)
      }
    }
    // Siblings may share an option; without --version the name is free.
    #expect(throws: Never.self) { try declare([Sample.verbose], [Sample.reason]) }
    #expect(throws: Never.self) { try declare([Flag("version", help: "Own.")], []) }
    #expect(
      DuplicateOption(form: "-v", commandPath: ["tool", "run"]).description
        == "The option '-v' is declared twice for 'tool run'")
  }

  @Test func aDuplicateOptionStopsTheProgramWhenALineReachesItsCommand() async throws {
    await #expect(processExitsWith: .failure) {
      _ = try ToolDeclaration<String>(
        root: CommandDeclaration(
          "tool", abstract: "A tool.",
          options: [Flag("all", help: "One."), Flag("all", help: "Two.")], action: "run"),
        hasVersion: false
      ).parse([])
    }
    // A sibling's duplicate is found by the check of the whole program, not by this line.
    let tool = ToolDeclaration<String>(
      root: CommandDeclaration(
        "tool", abstract: "A tool.",
        subcommands: [
          CommandDeclaration("run", abstract: "Run.", action: "run"),
          CommandDeclaration(
            "twice", abstract: "Twice.",
            options: [Flag("all", help: "One."), Flag("all", help: "Two.")], action: "twice"),
        ]),
      hasVersion: false)
    #expect(try tool.parse(["run"]).subcommandNames == ["run"])
    #expect(throws: DuplicateOption(form: "--all", commandPath: ["tool", "twice"])) {
      try ToolDeclaration(checking: tool.root, hasVersion: false)
    }
  }

  @Test func aSubcommandIsDeclaredOnlyWhenALineOrAPageNeedsIt() throws {
    final class Declared: Sendable {
      let names = Mutex<[String]>([])
      var list: [String] { names.withLock { $0 } }
    }
    let declared = Declared()
    func named(_ name: String) -> NamedSubcommand<String> {
      NamedSubcommand(name) {
        declared.names.withLock { $0.append(name) }
        return CommandDeclaration(name, abstract: "Runs \(name).", action: name)
      }
    }
    let tool = ToolDeclaration<String>(
      root: CommandDeclaration(
        "tool", abstract: "A tool.", discussion: { "Written when shown." },
        subcommands: [named("one"), named("two")]),
      hasVersion: true)
    #expect(tool.root.subcommandNames == ["one", "two"])
    #expect(declared.list.isEmpty)
    #expect(try tool.parse(["two"]).subcommandNames == ["two"])
    #expect(declared.list == ["two"])
    let page = tool.helpPage(for: [tool.root])
    #expect(page.contains("Written when shown.") && page.contains("Runs one."))
    #expect(declared.list.contains("one"))
  }

  @Test func aValueIsReadOnlyThroughADeclarationOfTheCommandParsed() async throws {
    // `reason` is declared by `users lock`, not by `greet`: reading it there is a mistake in
    // the program, not a silent nil.
    #expect(try Sample.parse("users lock --reason spam").values[Sample.reason] == "spam")
    await #expect(processExitsWith: .failure) {
      let parsed = try Sample.parse("greet ada")
      _ = parsed.values[Sample.reason]
    }
  }

  @Test func aSubcommandsOptionMayComeBeforeItsName() throws {
    let parsed = try Sample.parse("--reason spam users lock")
    #expect(action(parsed) == "lock")
    #expect(parsed.values[Sample.reason] == "spam")
    #expect(
      throws: UsageError(
        "Unknown option '--reason' for 'users list'", commandPath: ["sample", "users", "list"])
    ) {
      try Sample.parse("--reason spam users list")
    }
  }

  @Test func mistakesAreUsageErrorsAtTheCommandThatExplainsThem() {
    let cases: [(String, String, [String])] = [
      ("greet", "Missing expected argument '<name>'", ["sample", "greet"]),
      (
        "greet ada --count 0", "The value '0' is invalid for '--count <n>': use a positive number",
        ["sample", "greet"]
      ),
      (
        "greet ada --colour blue",
        "The value 'blue' is invalid for '--colour <name>': use one of red, green",
        ["sample", "greet"]
      ),
      ("greet ada --count", "Missing value for '--count <n>'", ["sample", "greet"]),
      (
        "greet ada --verbose=yes", "The option '--verbose' does not take a value",
        ["sample", "greet"]
      ),
      ("users", "Missing subcommand: 'lock' or 'list'", ["sample", "users"]),
      ("users drop", "Unknown subcommand 'users drop'", ["sample", "users"]),
      ("users list now", "Unexpected argument 'now'", ["sample", "users", "list"]),
      ("users lock a b", "Unexpected argument 'b'", ["sample", "users", "lock"]),
      (
        "users list --count 1", "Unknown option '--count' for 'users list'",
        ["sample", "users", "list"]
      ),
      ("--frob", "Unknown option '--frob'", ["sample"]),
      ("stray", "Unknown subcommand 'stray'", ["sample"]),
    ]
    for (line, message, path) in cases {
      #expect(throws: UsageError(message, commandPath: path), "\(line)") { try Sample.parse(line) }
    }
  }

  @Test func helpAndVersionWinWhereverTheyStand() throws {
    let help = try Sample.parse("users lock --help")
    guard case .help = help.request else {
      Issue.record("not help")
      return
    }
    #expect(help.subcommandNames == ["users", "lock"])
    guard case .version = try Sample.parse("greet --version").request else {
      Issue.record("not version")
      return
    }
  }

  @Test func theVersionAloneIsToldWithoutTheDeclarations() throws {
    for form in ToolDeclaration<String>.versionOption.forms {
      #expect(CommandLineShortcut.asksOnlyForVersion([form]), "\(form)")
      guard case .version = try Sample.tool.parse([form]).request else {
        Issue.record("\(form) alone is not the version")
        continue
      }
    }
    // Anything else goes through the parser, which alone knows what it means.
    for line in [[], ["--version", "greet"], ["--verbose", "--version"], ["version"], ["-v"]] {
      #expect(!CommandLineShortcut.asksOnlyForVersion(line), "\(line)")
    }
  }

  @Test func helpPagesFollowTheArgumentParserLayout() throws {
    let page = Sample.tool.helpPage(for: try #require(Sample.tool.path(to: ["greet"])))
    #expect(
      page == """
        OVERVIEW: Greet people.

        USAGE: sample greet <name> ... [--count <n>] [--colour <name>] [<options>]

        ARGUMENTS:
          <name>                  Who.

        OPTIONS:
          -c, --count <n>         How many. (default: 3)
          --colour <name>         The colour. (values: red, green)
          -v, --verbose           Say more.
          -h, --help              Show help information.

        """)
    let root = Sample.tool.helpPage(for: [Sample.tool.root])
    #expect(root.contains("\n\nFirst paragraph continues.\n\nTABLE:\n  a  b\n  c  d\n\n"))
    #expect(root.contains("  -V, --version           Show the version.\n"))
    #expect(root.contains("SUBCOMMANDS:\n  greet                   Greet people.\n  users "))
    let group = Sample.tool.helpPage(for: try #require(Sample.tool.path(to: ["users"])))
    #expect(
      group.contains(
        "USAGE: sample users lock [<file>] [--reason <text>] [<options>]\n"
          + "       sample users list [<options>]\n"))
  }

  @Test func aUsageLineTooWideForTheScreenGoesOnUnderTheCommand() {
    let many = (1...8).map { Flag("option-number-\($0)", help: "An option.") }
    let tool = ToolDeclaration<String>(
      root: CommandDeclaration("wide", abstract: "Wide.", options: many, action: "run"),
      hasVersion: false)
    let lines = tool.usageLines(for: [tool.root])
    #expect(lines.count == 3)
    #expect(lines.first?.hasPrefix("wide [--option-number-1] [--option-number-2] ") == true)
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("     [--option-number-") })
    #expect(lines.allSatisfy { "USAGE: ".count + $0.count <= 80 })
    #expect(lines.joined(separator: " ").split(separator: " ").count == 9)
  }

  @Test func completionScriptsNameEveryCommandAndOption() {
    for shell in Shell.allCases {
      let script = Sample.tool.completionScript(for: shell)
      for word in ["greet", "users", "lock", "count", "colour", "red", "green", "verbose"] {
        #expect(script.contains(word), "\(shell): \(word)")
      }
    }
  }

  @Test func theManPageEscapesWhatRoffWouldReadAsRequests() {
    let tool = ToolDeclaration<String>(
      root: CommandDeclaration(
        "odd", abstract: "A \\ backslash, a - hyphen and an é.",
        discussion: ".starts with a dot\n\n'starts with a quote", action: "run"),
      hasVersion: false)
    let page = tool.manPage(version: "1.0")
    #expect(page.contains("odd \\- A \\e backslash, a \\- hyphen and an \\[u00E9]."))
    #expect(page.contains("\n\\&.starts with a dot\n"))
    #expect(page.contains("\n\\&'starts with a quote\n"))
  }
}
