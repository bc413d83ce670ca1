import AuthCore
import CommandLineKit

/// `authcli help`: a subcommand's page (the same
/// text as `<subcommand> --help`), the exit codes, or the whole manual page in roff.
@MainActor
enum HelpCommand {
  static let manual = Flag(
    "man", help: "Print the manual page (roff); read it with 'authcli help --man | man -l -'.")
  static let topic = Argument<String>(
    "topic",
    help:
      "A subcommand (such as 'sessions revoke'), 'exit-codes', 'errors', or 'pam [SERVICE]' "
      + "(a PAM service file that signs in with this database).",
    isOptional: true, isRepeating: true,
    completion: .subcommandNames(extra: ["exit-codes", "errors", "pam"]))
  /// `help pam --group`: the service file admits only the groups' members.
  static let pamGroup = Option<[GroupName]>(
    repeating: "group", valueName: "group",
    help: "With 'pam': admit only an account in this group (verify --pam --group); repeat "
      + "for several."
  ) { text throws(InvalidValue) in
    let checked = GroupName.validate(text)
    guard let name = checked.asValidated else {
      throw InvalidValue(checked.errorMessage ?? "not a group name")
    }
    return name
  }

  static let declaration: Subcommand = Subcommand(
    "help",
    abstract:
      "Show help for a subcommand, the exit codes, the JSON error kinds or a PAM service file.",
    arguments: [topic], options: [manual, pamGroup]
  ) { context in
    let words = context.values.all(topic)
    // The two tables a script may want to read; every other page is for people, and
    // `--json` there is refused rather than ignored.
    if context.options.json {
      guard !context.values[manual], words.count == 1, let print = tables[words[0]] else {
        throw context.usageError(
          "Help pages are text; --json is for 'help errors' and 'help exit-codes'")
      }
      try print(context)
      return
    }
    try context.console.output.write(page(for: words, context: context))
  }

  /// The pages that are not a command's.
  private static let topics: [String: (Int) -> String] = [
    "exit-codes": { ExitCodeHelp.text(width: $0) }, "errors": { ErrorKindHelp.text(width: $0) },
  ]

  /// The same topics as JSON, for `--json help exit-codes` and `--json help errors`.
  private static let tables: [String: (CommandContext) throws -> Void] = [
    "exit-codes": { try $0.emit(json: ExitCodeHelp.table) },
    "errors": { try $0.emit(json: ErrorKindHelp.table) },
  ]

  private static func page(for words: [String], context: CommandContext) throws -> String {
    let tool = AuthCLITool.declaration
    if context.values[manual] {
      if let extra = words.first { throw context.usageError("Unexpected argument '\(extra)'") }
      return ManualPage.text(width: context.pageWidth)
    }
    if let topic = words.first, let page = topics[topic] {
      if let extra = words.dropFirst().first {
        throw context.usageError("Unexpected argument '\(extra)'")
      }
      return page(context.pageWidth)
    }
    if words.first == "pam" {
      return try pamRecipe(for: Array(words.dropFirst()), context: context)
    }
    if !context.values[pamGroup].isEmpty {
      throw context.usageError("--group is for 'help pam'")
    }
    for count in words.indices where tool.path(to: Array(words[...count])) == nil {
      let typed = Array(words[...count])
      throw CLIError.usage(
        UsageError(
          "Unknown subcommand '\(typed.joined(separator: " "))'", commandPath: context.commandPath,
          suggestion: tool.subcommandSuggestion(for: typed, extra: Array(topics.keys).sorted())))
    }
    return tool.helpPage(for: tool.path(to: words) ?? [tool.root], width: context.pageWidth)
  }
}

extension HelpCommand {
  /// `help pam [SERVICE]`: the service file for this binary and the database the command
  /// names (`--db`, `AUTHCLI_DB` or the default), which pam_exec must be given by path.
  fileprivate static func pamRecipe(
    for words: [String], context: CommandContext
  ) throws -> String {
    if let extra = words.dropFirst().first {
      throw context.usageError("Unexpected argument '\(extra)'")
    }
    let service = words.first ?? PAMRecipe.defaultService
    guard PAMRecipe.isServiceName(service) else {
      throw context.usageError("'\(service)' cannot name a file in /etc/pam.d")
    }
    let typed = context.options.databasePath ?? context.process.environment[.database]
    guard let database = try context.databaseLocation().commandLineValue(typed: typed) else {
      throw context.usageError(
        "A PAM service needs a database that outlives the check, not :memory:")
    }
    let binary = ExecutablePath.ofThisProcess(currentDirectory: context.process.currentDirectory)
    for word in [binary, database] where !PAMRecipe.isPlainWord(word) {
      throw context.usageError(
        "'\(word)' has a space or a bracket, which a PAM file cannot hold in one argument")
    }
    return PAMRecipe.text(
      service: service, binary: binary, database: database, groups: context.values[pamGroup])
  }
}

/// The manual page: every command from the declarations, then exit status, environment
/// and files.
@MainActor
enum ManualPage {
  /// The page; its usage lines fit in `width` columns.
  static func text(width: Int = TextLayout.lineWidth) -> String {
    AuthCLITool.declaration.manPage(
      version: AuthCLIVersion.current, width: width,
      sections: [
        ManSection(
          title: "EXIT STATUS",
          entries: ExitCode.allCases.map { code in
            let kinds = code.kinds.map(\.rawValue)
            return (
              label: "\(code.rawValue) (\(code.name))",
              text: kinds.isEmpty
                ? code.meaning : "Errors of kind " + kinds.joined(separator: ", ") + "."
            )
          }),
        ManSection(
          title: "ERRORS",
          text: """
            With --json a failure is one object on standard error: {"error": {"code": N,
            "kind": "...", "message": "...", "hint": "..."}}, plus "fields" (each with "field",
            "kind" and "message") for a validation failure. "hint" is the next step; each kind
            has one. The kinds are listed by 'authcli help errors'.
            """,
          entries: ErrorKind.allCases.map { ($0.rawValue, "\($0.code.rawValue): \($0.meaning)") }),
        ManSection(
          title: "ENVIRONMENT",
          entries: EnvironmentVariable.all.map { ($0.name, $0.meaning) }),
        ManSection(title: "FILES", entries: KnownFile.all.map { ($0.label, $0.meaning) }),
        ManSection(
          title: "SEE ALSO",
          text: "sqlite3(1). Shell completions: 'authcli completion bash|zsh|fish'."),
      ])
  }
}
