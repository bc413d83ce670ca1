/// Text from outside the program (arguments, paths, environment values, database contents)
/// made safe to print on a terminal or in JSON: the one place that decides what may not
/// be printed as it is.
///
/// A control character such as ESC starts a sequence that the terminal obeys instead of
/// showing: it can move the cursor, rewrite earlier lines, set the window title, or hide
/// what follows; a newline inside an echoed value forges a line of its own. Bidirectional
/// controls reorder what the reader sees, and invisible characters (zero-width spaces and
/// joiners, LRM/RLM, U+061C, the soft hyphen, the Hangul fillers, the BOM, tag characters)
/// make different names read the same. Each of these is shown as a visible `\u{…}` escape
/// instead (`\uXXXX` in JSON), so what is printed is what is there.
enum TerminalText {
  /// `text` with every character that `isUnsafe` names written as `\u{…}`.
  static func visible(_ text: String) -> String {
    guard containsUnsafe(text) else { return text }
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

  /// Whether any character of `text` needs an escape; printable ASCII alone is checked
  /// byte by byte, which is what almost every string is.
  static func containsUnsafe(_ text: String) -> Bool {
    let plainASCII = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    return !plainASCII && text.unicodeScalars.contains(where: isUnsafe)
  }

  /// Controls (C0, DEL, C1), format characters (Cf: bidi marks, embeddings, overrides and
  /// isolates, zero-width characters, the BOM, tag characters), line and paragraph
  /// separators, private-use and unassigned code points, and every other default-ignorable
  /// code point (the Hangul fillers, variation selectors), which render as nothing.
  static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
    if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
    let properties = scalar.properties
    switch properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned,
      .surrogate:
      return true
    default:
      return properties.isDefaultIgnorableCodePoint || properties.isBidiControl
    }
  }

  /// JSON text with every unsafe character inside its strings written as `\uXXXX` (two
  /// escapes, a surrogate pair, above U+FFFF). Such characters occur only inside strings,
  /// so the result decodes to exactly the same values.
  static func escapingJSON(_ json: String) -> String {
    guard containsUnsafe(json) else { return json }
    var result = ""
    for scalar in json.unicodeScalars {
      // JSON's own newlines (pretty-printing) stay; inside strings they are already `\n`.
      if scalar == "\n" || !isUnsafe(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        for unit in String(scalar).utf16 { result += "\\u" + hex4(unit) }
      }
    }
    return result
  }

  private static func hex4(_ unit: UInt16) -> String {
    let digits = String(unit, radix: 16, uppercase: false)
    return String(repeating: "0", count: 4 - digits.count) + digits
  }
}
