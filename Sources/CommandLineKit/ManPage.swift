/// A section the program adds to its man page after the commands: EXIT STATUS,
/// ENVIRONMENT, FILES and the like.
public struct ManSection: Sendable {
  /// The heading, conventionally in capitals: `EXIT STATUS`.
  public let title: String
  /// Paragraphs before the entries.
  public let text: String?
  /// Labelled entries, each a tag and its paragraph.
  public let entries: [(label: String, text: String)]

  /// Describes a section.
  public init(title: String, text: String? = nil, entries: [(label: String, text: String)] = []) {
    self.title = title
    self.text = text
    self.entries = entries
  }
}

extension ToolDeclaration {
  /// The manual page in roff (`man -l` renders it): NAME, SYNOPSIS, DESCRIPTION,
  /// OPTIONS, then every subcommand with its arguments and options, then `sections`. The
  /// usage lines, which man shows as they are, fit in `width` columns; man fills the rest.
  public func manPage(
    version: String, width: Int = TextLayout.lineWidth, sections: [ManSection] = []
  ) -> String {
    let width = TextLayout.usable(width)
    var roff = Roff()
    roff.request(".TH", [name.uppercased(), "1", "", "\(name) \(version)", "User Commands"])
    // Paths and option names are neither hyphenated nor stretched to fill a line.
    roff.raw(".nh")
    roff.raw(".ad l")
    roff.heading("NAME")
    roff.text("\(name) \\- " + Roff.escape(root.abstract), escaped: true)
    roff.heading("SYNOPSIS")
    roff.usage(usageLines(for: [root], width: width))
    if let discussion = root.discussion {
      roff.heading("DESCRIPTION")
      roff.paragraphs(discussion)
    }
    roff.heading("OPTIONS")
    for option in optionsListed(along: [root]) {
      roff.option(option, help: Self.helpText(of: option))
    }
    let commands = allPaths().dropFirst()
    if !commands.isEmpty {
      roff.heading("COMMANDS")
      for path in commands {
        guard let command = path.last else { continue }
        roff.request(".SS", [path.map(\.name).joined(separator: " ")])
        roff.text(command.abstract)
        roff.usage(usageLines(for: path, width: width))
        if let discussion = command.discussion { roff.paragraphs(discussion) }
        for argument in command.arguments {
          roff.tagged(Roff.italic(argument.label), Self.helpText(of: argument))
        }
        for option in command.options { roff.option(option, help: Self.helpText(of: option)) }
      }
    }
    for section in sections {
      roff.heading(section.title)
      if let text = section.text { roff.paragraphs(text) }
      for entry in section.entries { roff.tagged(Roff.bold(entry.label), entry.text) }
    }
    return roff.output
  }
}

/// Builds roff source for the `man` macros, escaping everything typed as text.
struct Roff {
  private(set) var output = ""

  mutating func request(_ name: String, _ arguments: [String]) {
    let quoted = arguments.map { argument in
      let parts = Self.escape(argument).split(separator: "\"", omittingEmptySubsequences: false)
      return "\"" + parts.joined(separator: "\\(dq") + "\""
    }
    output += ([name] + quoted).joined(separator: " ") + "\n"
  }

  mutating func heading(_ title: String) { request(".SH", [title]) }

  mutating func raw(_ line: String) { output += line + "\n" }

  /// A paragraph; `escaped` when the text is roff already.
  mutating func text(_ text: String, escaped: Bool = false) {
    output += ".PP\n" + line(escaped ? text : Self.escape(text)) + "\n"
  }

  /// Paragraphs as help pages split them; preformatted ones stay as typed.
  mutating func paragraphs(_ text: String) {
    for block in TextLayout.blocks(text) {
      if TextLayout.isPreformatted(block) {
        // The page indents the block already; the help page's two spaces would only push
        // its widest lines past the screen.
        let lines = block.map { $0.hasPrefix("  ") ? String($0.dropFirst(2)) : $0 }
        output += ".PP\n.nf\n" + lines.map { line(Self.escape($0)) }.joined(separator: "\n")
        output += "\n.fi\n"
      } else {
        self.text(block.joined(separator: " "))
      }
    }
  }

  /// Usage lines, unfilled, the words in bold.
  mutating func usage(_ lines: [String]) {
    output += ".PP\n.nf\n"
    output += lines.map { line(Self.escape($0)) }.joined(separator: "\n")
    output += "\n.fi\n"
  }

  mutating func tagged(_ tag: String, _ text: String) {
    output += ".TP\n" + line(tag) + "\n" + line(Self.escape(text)) + "\n"
  }

  mutating func option(_ option: OptionDeclaration, help: String) {
    var tag = option.forms.reversed().map(Self.bold).joined(separator: ", ")
    if let valueName = option.valueName { tag += " " + Self.italic(valueName) }
    tagged(tag, help)
  }

  static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

  static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

  /// A line of text that a leading `.` or `'` would turn into a request.
  private func line(_ text: String) -> String {
    text.hasPrefix(".") || text.hasPrefix("'") ? "\\&" + text : text
  }

  /// Backslashes and hyphens escaped, and anything outside ASCII as a `\[uXXXX]` glyph,
  /// so that groff reads the text exactly and warns about nothing.
  static func escape(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case "\n": result += " "
      case _ where scalar.isASCII: result.unicodeScalars.append(scalar)
      default:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      }
    }
    return result
  }
}
