/// Text from outside the program (arguments, paths, database contents) made safe to
/// print on a terminal.
///
/// A control character such as ESC starts a sequence that the terminal obeys instead of
/// showing: it can move the cursor, rewrite earlier lines, set the window title, or hide
/// what follows. Bidirectional overrides reorder what the reader sees. Each of these is
/// shown as a visible `\u{…}` escape instead, so what is printed is what is there.
enum TerminalText {
  /// `text` with every control character and bidirectional override written as `\u{…}`.
  static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    // C0 controls and DEL, C1 controls (U+0080…U+009F; U+009B alone starts a sequence
    // on many terminals), and the bidirectional embeddings, overrides and isolates.
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
      || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
  }
}
