import Testing

@testable import CommandLineKit

/// A program with a required option, a required flag and options taken from enums.
private enum Importer {
  enum Format: String, CaseIterable, Sendable {
    case htpasswd, shadow, jsonl
  }

  enum Level: String, CaseIterable, Sendable {
    case low, high
  }

  static let format = RequiredOption<Format>(
    "format", valueName: "format", help: "The layout.",
    missingMessage: "Name the layout with --format")
  static let level = Option<Level>("level", valueName: "level", help: "How hard.", default: .low)
  static let only = Option<Level?>("only", valueName: "level", help: "Only one.")
  static let kinds = Option<[Level]>(repeating: "kind", valueName: "level", help: "Several.")
  static let standardInput = Flag("stdin", help: "Read standard input.", isRequired: true)
  static let file = Argument<String>("file", help: "The file.")
  static let shell = Argument<Format>("layout", help: "A layout.")

  static let tool = ToolDeclaration<String>(
    root: CommandDeclaration(
      "importer", abstract: "Imports.",
      subcommands: [
        CommandDeclaration(
          "import", abstract: "Import.", arguments: [file],
          options: [format, level, only, kinds], action: "import"),
        CommandDeclaration(
          "check", abstract: "Check.", options: [standardInput], action: "check"),
        CommandDeclaration("show", abstract: "Show.", arguments: [shell], action: "show"),
      ]),
    hasVersion: false)

  static func parse(_ words: String...) throws(UsageError) -> ParsedCommandLine<String> {
    try tool.parse(words)
  }
}

@Suite("Required options and options from enums")
struct RequiredAndChoiceOptionTests {
  @Test func aRequiredOptionIsReadTypedAndRefusedWhenMissing() throws {
    let parsed = try Importer.parse("import", "--format", "shadow", "users.txt")
    #expect(parsed.values[Importer.format] == .shadow)
    #expect(
      throws: UsageError("Name the layout with --format", commandPath: ["importer", "import"])
    ) { try Importer.parse("import", "users.txt") }
    // The missing argument is named first, as the parser meets it first.
    #expect(
      throws: UsageError("Missing expected argument '<file>'", commandPath: ["importer", "import"])
    ) {
      try Importer.parse("import")
    }
    #expect(
      throws: UsageError("Missing expected option '--stdin'", commandPath: ["importer", "check"])
    ) { try Importer.parse("check") }
    #expect(try Importer.parse("check", "--stdin").values[Importer.standardInput])
    // Help needs nothing.
    if case .help = try Importer.parse("import", "--help").request {
    } else {
      Issue.record("--help without --format is not the help page")
    }
  }

  @Test func usageLinesShowRequiredOptionsWithoutBrackets() throws {
    let tool = Importer.tool
    let importPath = try #require(tool.path(to: ["import"]))
    #expect(
      tool.synopsis(for: importPath)
        == "import <file> --format <format> [--level <level>] [--only <level>] [--kind <level> ...]"
    )
    #expect(tool.synopsis(for: try #require(tool.path(to: ["check"]))) == "check --stdin")
    #expect(
      tool.helpPage(for: importPath).contains("USAGE: importer import <file> --format <format>"))
    #expect(tool.manPage(version: "1").contains("importer import <file> \\-\\-format <format>"))
  }

  @Test func enumOptionsTakeTheirCasesAndNothingElse() throws {
    let parsed = try Importer.parse(
      "import", "--format=jsonl", "--level", "high", "--only", "low", "--kind", "high", "--kind",
      "low", "f")
    #expect(parsed.values[Importer.level] == .high)
    #expect(parsed.values[Importer.only] == .low)
    #expect(parsed.values[Importer.kinds] == [.high, .low])
    let defaults = try Importer.parse("import", "--format", "jsonl", "f")
    #expect(defaults.values[Importer.level] == .low)
    #expect(defaults.values[Importer.only] == nil)
    #expect(defaults.values[Importer.kinds].isEmpty)
    #expect(
      throws: UsageError(
        "The value 'csv' is invalid for '--format <format>': use one of htpasswd, shadow, jsonl",
        commandPath: ["importer", "import"])
    ) { try Importer.parse("import", "--format", "csv", "f") }
    #expect(
      throws: UsageError(
        "The value 'medium' is invalid for '<layout>': use one of htpasswd, shadow, jsonl",
        commandPath: ["importer", "show"])
    ) { try Importer.parse("show", "medium") }
    #expect(try Importer.parse("show", "shadow").values[Importer.shell] == .shadow)
    // A mistyped value is a mistyped word like any other.
    #expect(
      throws: UsageError(
        "The value 'shdow' is invalid for '--format <format>': use one of htpasswd, shadow, jsonl",
        commandPath: ["importer", "import"], suggestion: "Did you mean 'shadow'?")
    ) { try Importer.parse("import", "--format", "shdow", "f") }
    #expect(
      throws: UsageError(
        "The value 'hihg' is invalid for '--kind <level>': use one of low, high",
        commandPath: ["importer", "import"], suggestion: "Did you mean 'high'?")
    ) { try Importer.parse("import", "--format", "jsonl", "--kind", "hihg", "f") }
  }

  @Test func enumOptionsAreListedAndCompletedFromTheirCases() throws {
    #expect(Importer.format.declaration.completion == .words(["htpasswd", "shadow", "jsonl"]))
    #expect(Importer.kinds.declaration.completion == .words(["low", "high"]))
    #expect(Importer.shell.declaration.completion == .words(["htpasswd", "shadow", "jsonl"]))
    let page = Importer.tool.helpPage(for: try #require(Importer.tool.path(to: ["import"])))
    #expect(page.contains("How hard. (values: low, high; default: low)"))
    #expect(page.contains("The layout. (values: htpasswd, shadow, jsonl)"))
    #expect(Importer.tool.completionScript(for: .bash).contains("htpasswd shadow jsonl"))
  }
}
