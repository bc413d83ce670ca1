extension String {
  /// The text cut or filled with spaces to exactly `width` characters, for columns.
  func padded(to width: Int) -> String {
    count >= width
      ? String(prefix(width)) : self + String(repeating: " ", count: width - count)
  }

  /// The text without spaces and tabs at either end (Unicode's space separators and
  /// U+0009, the set Foundation calls `whitespaces`); line breaks are kept.
  var trimmingSpaces: Substring {
    func isSpace(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { !isSpace($0) }),
      let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return Substring(scalars[first...last])
  }
}

/// `1 session`, `3 sessions`: a count with its noun, which takes an `s` for any count but
/// one (every noun the commands count is regular).
func counted(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}
