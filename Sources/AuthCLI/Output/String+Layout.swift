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

extension String {
  /// The text in lines of at most `width` characters: broken at spaces where it can be,
  /// and inside a word longer than a line.
  func wrapped(to width: Int) -> [String] {
    let width = Swift.max(width, 1)
    var lines: [String] = []
    var current = ""
    for word in split(separator: " ") {
      var word = Substring(word)
      if !current.isEmpty, current.count + 1 + word.count <= width {
        current += " " + word
        continue
      }
      if !current.isEmpty { lines.append(current) }
      while word.count > width {
        lines.append(String(word.prefix(width)))
        word = word.dropFirst(width)
      }
      current = String(word)
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}
