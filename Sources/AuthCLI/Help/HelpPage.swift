/// One help page in the swift-argument-parser layout.
struct HelpPage {
  /// A labelled line of a section: an argument, option or subcommand.
  struct Entry {
    let label: String
    let help: String
  }

  let overview: String
  let usage: [String]
  var discussion: String?
  var arguments: [Entry] = []
  var options: [Entry] = []
  var subcommands: [Entry] = []
  /// Whether the page ends with the pointer to `authcli help <subcommand>` (the root does).
  var pointsToSubcommandHelp = false

  /// The page as printed: OVERVIEW, USAGE, ARGUMENTS, OPTIONS, SUBCOMMANDS.
  func render() -> String {
    var sections = [
      Self.wrap("OVERVIEW: " + overview, width: Self.lineWidth).joined(separator: "\n")
    ]
    let usageIndent = String(repeating: " ", count: "USAGE: ".count)
    sections.append(
      "USAGE: " + usage.joined(separator: "\n" + usageIndent))
    if let discussion {
      let words = discussion.split(separator: "\n").joined(separator: " ")
      sections.append(Self.wrap(words, width: Self.lineWidth).joined(separator: "\n"))
    }
    if !arguments.isEmpty { sections.append(Self.section("ARGUMENTS:", arguments)) }
    if !options.isEmpty { sections.append(Self.section("OPTIONS:", options)) }
    if !subcommands.isEmpty {
      let hint = "\n\n  See 'authcli help <subcommand>' for detailed help."
      sections.append(
        Self.section("SUBCOMMANDS:", subcommands) + (pointsToSubcommandHelp ? hint : ""))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  private static let labelWidth = 24
  private static let lineWidth = 80

  private static func section(_ title: String, _ entries: [Entry]) -> String {
    ([title] + entries.map(line(for:))).joined(separator: "\n")
  }

  /// `  --db <path>             The database file …`, wrapped under the help column.
  private static func line(for entry: Entry) -> String {
    let indent = String(repeating: " ", count: labelWidth + 2)
    let wrapped = wrap(entry.help, width: lineWidth - indent.count)
    let head = "  " + entry.label
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

  /// Greedy word wrap; a word longer than the width stands on its own line.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ") {
      if current.isEmpty {
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
