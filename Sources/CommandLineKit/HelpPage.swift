/// Help pages in swift-argument-parser's layout: OVERVIEW, USAGE, the discussion,
/// ARGUMENTS, OPTIONS, SUBCOMMANDS; as wide as the caller says (80 columns unless told),
/// help text in a column of its own.
extension ToolDeclaration {
  /// The help page of the command at the end of `path` (root first), `width` columns wide.
  public func helpPage(
    for path: [CommandDeclaration<Action>], width: Int = TextLayout.lineWidth
  ) -> String {
    guard let command = path.last else { return "" }
    let width = TextLayout.usable(width)
    var sections = [
      TextLayout.wrap("OVERVIEW: " + command.abstract, width: width).joined(separator: "\n")
    ]
    let usageIndent = "\n" + String(repeating: " ", count: "USAGE: ".count)
    sections.append(
      "USAGE: " + usageLines(for: path, width: width).joined(separator: usageIndent))
    if let discussion = command.discussion {
      sections.append(TextLayout.paragraphs(discussion, width: width).joined(separator: "\n\n"))
    }
    if !command.arguments.isEmpty {
      sections.append(
        TextLayout.section(
          "ARGUMENTS:", command.arguments.map { ($0.label, Self.helpText(of: $0)) },
          width: width))
    }
    sections.append(
      TextLayout.section(
        "OPTIONS:", optionsListed(along: path).map { ($0.helpLabel, Self.helpText(of: $0)) },
        width: width))
    if !command.subcommands.isEmpty {
      var section = TextLayout.section(
        "SUBCOMMANDS:", command.subcommands.map { ($0.name, $0.abstract) }, width: width)
      if path.count == 1, command.action == nil, command.subcommand(named: "help") != nil {
        section +=
          "\n\n"
          + TextLayout.wrap("See '\(name) help <subcommand>' for detailed help.", width: width - 2)
          .map { "  " + $0 }.joined(separator: "\n")
      }
      sections.append(section)
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// `words` and `parts` on as few lines as fit after `USAGE: `, later lines indented
  /// under the first part.
  static func wrapUsage(_ words: String, _ parts: [String], width: Int) -> [String] {
    let width = width - "USAGE: ".count
    let indent = String(repeating: " ", count: words.count + 1)
    var lines: [String] = []
    var current = words
    for part in parts {
      if current.count + 1 + part.count > width, current != words {
        lines.append(current)
        current = indent + part
      } else {
        current += " " + part
      }
    }
    return lines + [current]
  }

  /// The options a help page lists: the command's own, those inherited, the version
  /// (on the root page), then help.
  func optionsListed(along path: [CommandDeclaration<Action>]) -> [OptionDeclaration] {
    var options = Self.options(along: path)
    if hasVersion, path.count == 1 { options.append(Self.versionOption) }
    return options + [Self.helpOption]
  }

  /// The help text with the values accepted and the default value, if any, after it:
  /// `How the file is laid out. (values: htpasswd, shadow; default: shadow)`.
  static func helpText(of option: OptionDeclaration) -> String {
    let notes = [
      values(option.completion).map { "values: " + $0 },
      option.defaultValue.map { "default: " + $0 },
    ].compactMap(\.self)
    return notes.isEmpty ? option.help : option.help + " (" + notes.joined(separator: "; ") + ")"
  }

  /// The help text with the values accepted, if they are a fixed list, after it.
  static func helpText(of argument: ArgumentDeclaration) -> String {
    guard let values = values(argument.completion) else { return argument.help }
    return argument.help + " (values: " + values + ")"
  }

  /// `htpasswd, shadow, jsonl` for a fixed list of words.
  private static func values(_ completion: ValueCompletion) -> String? {
    guard case .words(let words) = completion else { return nil }
    return words.joined(separator: ", ")
  }

  /// The command's words after the program's name, then its arguments and its own options
  /// as its usage line shows them, on one line: `users lock <username> [--reason <text>]`.
  public func synopsis(for path: [CommandDeclaration<Action>]) -> String {
    guard let command = path.last else { return "" }
    return (path.dropFirst().map(\.name) + Self.usageParts(of: command)).joined(separator: " ")
  }

  /// Every command that runs, root first, each with the path that leads to it.
  public var runnablePaths: [[CommandDeclaration<Action>]] {
    allPaths().filter { $0.last?.action != nil }
  }

  /// A runnable command's arguments, then its own options.
  private static func usageParts(of command: CommandDeclaration<Action>) -> [String] {
    let arguments = command.action != nil ? command.arguments.map(\.usageLabel) : []
    return arguments + command.options.map(\.usageLabel)
  }

  /// The usage lines of a command: one for itself when it runs, then those of its
  /// subcommands. Its arguments and own options are spelled out (a line too wide for the
  /// page goes on under the command's words); the global ones stand together as
  /// `[<options>]`. The lines fit in `width` columns with `USAGE: ` before them.
  public func usageLines(
    for path: [CommandDeclaration<Action>], width: Int = TextLayout.lineWidth
  ) -> [String] {
    guard let command = path.last else { return [] }
    let words = path.map(\.name).joined(separator: " ")
    var lines: [String] = []
    if path.count == 1 || command.action != nil {
      let global = path.count > 1 && !path[0].options.isEmpty ? ["[<options>]"] : []
      let groupTail = command.action == nil ? ["<subcommand>"] : []
      lines += Self.wrapUsage(
        words, Self.usageParts(of: command) + global + groupTail, width: width)
    }
    // The root page lists its subcommands instead; a group shows how to run each of its own.
    if path.count > 1 {
      for child in command.subcommands { lines += usageLines(for: path + [child], width: width) }
    }
    return lines
  }
}

/// Word wrapping and the two-column layout of help pages.
public enum TextLayout {
  /// The width of a page when the caller names none (a file, a pipe).
  public static let lineWidth = 80
  /// Where the help column starts (after two spaces of indent).
  static let labelWidth = 24
  /// The narrowest page laid out: below it, lines would hold a word or two.
  static let narrowest = 30
  /// Below this width the help column would be too narrow beside its labels, so help
  /// text goes under each label instead, indented this much.
  static let besideLabelsFrom = 64
  static let underLabelIndent = 8

  /// `width`, or the narrowest page laid out when it is smaller.
  public static func usable(_ width: Int) -> Int { max(width, narrowest) }

  /// A titled section of labelled entries.
  static func section(
    _ title: String, _ entries: [(String, String)], width: Int = lineWidth
  ) -> String {
    ([title] + entries.map { entry(label: $0.0, help: $0.1, width: width) })
      .joined(separator: "\n")
  }

  /// `  --db <path>             The database file …`, wrapped under the help column; a
  /// label too long for its column stands on its own line. On a narrow page every help
  /// text goes under its label.
  public static func entry(label: String, help: String, width: Int = lineWidth) -> String {
    let width = usable(width)
    let indentWidth = width >= besideLabelsFrom ? labelWidth + 2 : underLabelIndent
    let indent = String(repeating: " ", count: indentWidth)
    let wrapped = wrap(help, width: width - indent.count)
    let head = "  " + label
    var lines: [String] = []
    if head.count < indent.count {
      let padding = String(repeating: " ", count: indent.count - head.count)
      lines.append(head + padding + (wrapped.first ?? ""))
      lines += wrapped.dropFirst().map { indent + $0 }
    } else {
      lines.append(head)
      lines += wrapped.map { indent + $0 }
    }
    return lines.joined(separator: "\n")
  }

  /// Paragraphs (separated by blank lines) wrapped to the page; a paragraph whose lines
  /// all start with two spaces (after a heading line ending in `:`, if any) is a table or
  /// an example and is kept as typed.
  static func paragraphs(_ text: String, width: Int = lineWidth) -> [String] {
    blocks(text).map { block in
      if isPreformatted(block) { return block.joined(separator: "\n") }
      return wrap(block.joined(separator: " "), width: width).joined(separator: "\n")
    }
  }

  /// The paragraphs of a text, each as its lines.
  static func blocks(_ text: String) -> [[String]] {
    var blocks: [[String]] = [[]]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.allSatisfy({ $0 == " " }) {
        if !(blocks.last ?? []).isEmpty { blocks.append([]) }
      } else {
        blocks[blocks.count - 1].append(String(line))
      }
    }
    return blocks.filter { !$0.isEmpty }
  }

  static func isPreformatted(_ block: [String]) -> Bool {
    let body = block.first?.hasSuffix(":") == true ? block.dropFirst() : block[...]
    return !body.isEmpty && body.allSatisfy { $0.hasPrefix("  ") }
  }

  /// Greedy word wrap; a word longer than the width (a path, on a narrow terminal) is
  /// broken across lines.
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(width, 1)
    var lines: [String] = []
    var current = ""
    for var word in text.split(separator: " ") {
      if word.count > width {
        if !current.isEmpty { lines.append(current) }
        while word.count > width {
          lines.append(String(word.prefix(width)))
          word = word.dropFirst(width)
        }
        current = String(word)
      } else if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }
}
