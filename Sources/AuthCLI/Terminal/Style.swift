/// How text is drawn on one output stream: ANSI colour, on only for a terminal and never
/// with `NO_COLOR`, `TERM=dumb` or `--no-color`; and the width tables fit in.
struct Style: Hashable, Sendable {
  /// Whether escape codes are written.
  let isEnabled: Bool
  /// The columns a line may use (the terminal's width, or `COLUMNS`); `nil` for no limit,
  /// as in files and pipes.
  let columns: Int?

  /// Colour on or off, and the width of a line.
  init(isEnabled: Bool, columns: Int? = nil) {
    self.isEnabled = isEnabled
    self.columns = columns
  }

  /// No colour, as in pipes, files and previews.
  static let plain = Style(isEnabled: false)

  /// Decides colour for one output stream.
  /// `NO_COLOR` counts when set to anything but the empty string (no-color.org); a terminal
  /// that says it is `dumb` understands no escape codes.
  static func decide(
    isTerminal: Bool, noColorOption: Bool, environment: ProcessEnvironment, columns: Int? = nil
  ) -> Style {
    let noColorVariable = !(environment[.noColor] ?? "").isEmpty
    let dumbTerminal = environment[.terminal] == "dumb"
    return Style(
      isEnabled: isTerminal && !noColorOption && !noColorVariable && !dumbTerminal,
      columns: columns)
  }

  /// Red and bold: `Error:`.
  func failure(_ text: String) -> String { wrap(text, "1;31") }
  /// Green: a done message.
  func success(_ text: String) -> String { wrap(text, "32") }
  /// Bold: table headers and titles.
  func strong(_ text: String) -> String { wrap(text, "1") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
