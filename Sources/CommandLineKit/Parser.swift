extension ToolDeclaration {
  /// Parses the arguments after the program's name.
  ///
  /// Options may stand before or after the subcommand words, as `--opt value` or
  /// `--opt=value`; `--` ends the options. An option a subcommand declares may come
  /// before that subcommand's name. `-h`/`--help` anywhere asks for the help page of the
  /// command typed, `-V`/`--version` anywhere for the version. Every mistake is a
  /// `UsageError` that names the command whose help explains it and, for a mistyped
  /// subcommand or option, suggests the closest declared one. A word that starts with `-`
  /// is never taken as an option's value (`--limit -1` is refused, `--limit=-1` is the way
  /// to give it), an option the tool refuses (`refusedOptions`) is refused by name, and a
  /// command that runs needs each of its required options.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine<Action> {
    var parser = LineParser(tool: self)
    let parsed = try parser.parse(arguments)
    // Only the commands on the line are checked here, as only they are declared by now;
    // `init(checking:)` checks a whole program, as its tests do.
    if let duplicate = duplicate(along: parsed.path) { preconditionFailure(duplicate.description) }
    return parsed
  }
}

/// What a command line asks for that a program can tell without its declarations.
public enum CommandLineShortcut {
  /// Whether `arguments` is `--version` or `-V` alone, which a tool with a version parses
  /// as `.version` whatever its commands: a program may answer it before it builds its
  /// declarations, which the commonest check of an installed tool then never pays for.
  public static func asksOnlyForVersion(_ arguments: [String]) -> Bool {
    arguments.count == 1 && (arguments[0] == "--version" || arguments[0] == "-V")
  }
}

/// One pass over a command line, left to right.
private struct LineParser<Action: Sendable> {
  let tool: ToolDeclaration<Action>
  var path: [CommandDeclaration<Action>]
  var current: CommandDeclaration<Action>
  var values = ParsedValues()
  var positionals: [String] = []
  /// Options a subcommand further right declares, checked once that subcommand is known.
  var pending: [(typed: String, value: String?)] = []
  var wantsHelp = false
  var wantsVersion = false

  init(tool: ToolDeclaration<Action>) {
    self.tool = tool
    path = [tool.root]
    current = tool.root
  }

  mutating func parse(_ arguments: [String]) throws(UsageError) -> ParsedCommandLine<Action> {
    var index = arguments.startIndex
    var optionsEnded = false
    while index < arguments.endIndex {
      let token = arguments[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(token) {
        try word(token)
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = Self.split(token)
      if name == "-h" || name == "--help" {
        wantsHelp = true
        continue
      }
      if tool.hasVersion, ToolDeclaration<Action>.versionOption.forms.contains(name) {
        wantsVersion = true
        continue
      }
      guard let (option, isPending) = lookUp(name) else { throw unknownOption(token) }
      var value: String?
      if option.takesValue {
        if let inlineValue {
          value = inlineValue
        } else if index < arguments.endIndex, !Self.looksLikeOption(arguments[index]) {
          value = arguments[index]
          index += 1
        } else if index < arguments.endIndex {
          throw valueExpected(for: option, got: arguments[index])
        } else {
          throw error("Missing value for '\(option.label)'")
        }
      } else if inlineValue != nil {
        throw error("The option '\(option.longForm)' does not take a value")
      }
      if isPending {
        pending.append((name, value))
      } else {
        try store(option, value)
      }
    }
    if wantsHelp { return finished(.help) }
    for (typed, value) in pending {
      guard let option = Self.option(named: typed, in: ToolDeclaration.options(along: path))
      else { throw unknownOption(typed) }
      try store(option, value)
    }
    if wantsVersion { return finished(.version) }
    guard let action = current.action else {
      if path.count == 1 { return finished(.help) }
      throw error("Missing subcommand: " + Self.choices(current.subcommands))
    }
    try assignArguments()
    if let missing = current.options.first(where: { $0.isRequired && !values.contains($0) }) {
      throw error(missing.missingMessage)
    }
    return finished(.run(action))
  }

  /// A word that is not an option: a subcommand's name, else a positional argument.
  private mutating func word(_ token: String) throws(UsageError) {
    if positionals.isEmpty, let next = current.subcommand(named: token) {
      path.append(next)
      current = next
      return
    }
    // A command without arguments takes no free word: one after a group, or after a
    // command that also has subcommands (`migrate statsu`), is a mistyped subcommand.
    if current.arguments.isEmpty, current.action == nil || !current.subcommandNames.isEmpty {
      let words = path.dropFirst().map(\.name)
      let typed = (words + [token]).joined(separator: " ")
      let closest = Suggestions.closest(to: token, among: current.subcommandNames).map {
        (words + [$0]).joined(separator: " ")
      }
      throw error("Unknown subcommand '\(typed)'", suggestion: Suggestions.sentence(for: closest))
    }
    positionals.append(token)
  }

  /// The option typed as `name`: one the commands so far accept, else (pending) one a
  /// subcommand below declares.
  private func lookUp(_ name: String) -> (OptionDeclaration, isPending: Bool)? {
    if let option = Self.option(named: name, in: ToolDeclaration.options(along: path)) {
      return (option, false)
    }
    if let option = Self.option(named: name, in: current.optionsBelow) { return (option, true) }
    return nil
  }

  private static func option(
    named name: String, in options: [OptionDeclaration]
  )
    -> OptionDeclaration?
  {
    options.first { option in
      option.longForm == name || option.shortName.map { "-" + String($0) } == name
    }
  }

  private mutating func store(_ option: OptionDeclaration, _ value: String?) throws(UsageError) {
    do {
      try values.record(option, value)
    } catch {
      throw self.error(
        "The value '\(value ?? "")' is invalid for '\(option.label)': \(error.reason)",
        suggestion: error.suggestion)
    }
  }

  private mutating func assignArguments() throws(UsageError) {
    var remaining = positionals[...]
    for argument in current.arguments {
      if argument.isRepeating {
        if remaining.isEmpty, !argument.isOptional { throw missing(argument) }
        while let word = remaining.popFirst() { try convert(word, for: argument) }
        continue
      }
      guard let word = remaining.popFirst() else {
        if argument.isOptional { continue }
        throw missing(argument)
      }
      try convert(word, for: argument)
    }
    if let extra = remaining.first { throw error("Unexpected argument '\(extra)'") }
  }

  private mutating func convert(
    _ word: String, for argument: ArgumentDeclaration
  ) throws(UsageError) {
    do {
      values.append(argument, try argument.convert(word))
    } catch {
      throw self.error(
        "The value '\(word)' is invalid for '\(argument.label)': \(error.reason)",
        suggestion: error.suggestion)
    }
  }

  private func missing(_ argument: ArgumentDeclaration) -> UsageError {
    error("Missing expected argument '\(argument.label)'")
  }

  /// The error for an option typed as `token` that none of the commands so far accepts:
  /// the refusal of an option the tool refuses; "Unknown option '--all' for 'signin'" when
  /// another command declares it, so the user learns the option exists but belongs
  /// elsewhere; else "Unknown option '--usrname'", with the closest accepted options.
  private func unknownOption(_ token: String) -> UsageError {
    if let refused = tool.refusal(of: token) {
      return error(refused.message, suggestion: refused.instead)
    }
    let (name, _) = Self.split(token)
    let declaredSomewhere =
      Self.option(named: name, in: tool.root.options + tool.root.optionsBelow) != nil
    if declaredSomewhere, path.count > 1 {
      let command = path.dropFirst().map(\.name).joined(separator: " ")
      return error("Unknown option '\(name)' for '\(command)'")
    }
    var accepted = ToolDeclaration.options(along: path) + current.optionsBelow
    accepted.append(ToolDeclaration<Action>.helpOption)
    if tool.hasVersion { accepted.append(ToolDeclaration<Action>.versionOption) }
    let closest = Suggestions.closest(to: name, among: accepted.map(\.longForm))
    return error("Unknown option '\(name)'", suggestion: Suggestions.sentence(for: closest))
  }

  /// `--limit -1`: a word that starts with `-` is an option, never a value, so that a
  /// forgotten value does not swallow the next option; `--limit=-1` gives such a value.
  private func valueExpected(for option: OptionDeclaration, got next: String) -> UsageError {
    // A refused option in the value's place is refused as such, and its value never echoed.
    if let refused = tool.refusal(of: next) {
      return error(refused.message, suggestion: refused.instead)
    }
    return error(
      "Value expected for '\(option.label)', got an option: '\(next)'",
      suggestion: "If '\(next)' is the value, write '\(option.longForm)=\(next)'.")
  }

  private func error(_ message: String, suggestion: String? = nil) -> UsageError {
    UsageError(message, commandPath: path.map(\.name), suggestion: suggestion)
  }

  private func finished(_ request: ParsedCommandLine<Action>.Request) -> ParsedCommandLine<Action> {
    var values = values
    values.declare(
      options: ToolDeclaration.options(along: path), arguments: current.arguments)
    return ParsedCommandLine(path: path, values: values, request: request)
  }

  /// `'list', 'revoke <id>' or 'check --token-stdin'`: each subcommand with the arguments
  /// and options it needs.
  private static func choices(_ subcommands: [CommandDeclaration<Action>]) -> String {
    let named = subcommands.map { command in
      let words =
        [command.name] + command.arguments.filter { !$0.isOptional }.map(\.label)
        + command.options.filter(\.isRequired).map(\.usageLabel)
      return "'" + words.joined(separator: " ") + "'"
    }
    guard let last = named.last else { return "none" }
    if named.count == 1 { return last }
    return named.dropLast().joined(separator: ", ") + " or " + last
  }

  /// `--db=x` splits at the first `=`; short options and flags typed alone have no inline value.
  private static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else {
      return (token, nil)
    }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  private static func looksLikeOption(_ token: String) -> Bool {
    token.hasPrefix("-") && token != "-"
  }
}
