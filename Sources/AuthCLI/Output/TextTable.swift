import CommandLineKit

/// Aligned columns for people: a header row, then one row per item.
///
/// The table fits the style's width, when it has one: cells wrap inside narrower columns
/// (the widest give way first, never below their header or their longest word); when even
/// that does not fit, each row becomes a record of `HEADER  value` lines.
struct TextTable {
  let headers: [String]
  let rows: [[String]]

  /// Columns separated by two spaces, each as wide as its widest cell (or narrower, to fit
  /// `style.columns`); no trailing spaces.
  func render(style: Style = .plain) -> String {
    // Cells may hold database contents; what a terminal would obey is shown escaped.
    let rows = rows.map { $0.map(TerminalText.visible) }
    let natural = headers.indices.map { column in
      ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    guard let columns = style.columns.map({ max($0, Self.narrowest) }) else {
      return Self.lines([headers] + rows, widths: natural, style: style)
    }
    let available = columns - Self.gap.count * max(headers.count - 1, 0)
    guard let widths = Self.fit(natural, minimums: minimums(rows, natural), in: available)
    else { return records(rows, columns: columns, style: style) }
    return Self.lines([headers] + rows, widths: widths, style: style)
  }

  /// Fewer columns than this are not laid out: a value would get a word or two a line.
  static let narrowest = 20
  private static let gap = "  "

  /// The narrowest each column may become: its header whole, and its longest word.
  private func minimums(_ rows: [[String]], _ natural: [Int]) -> [Int] {
    headers.indices.map { column in
      let longestWord = rows.flatMap { $0[column].split(separator: " ") }.map(\.count).max() ?? 0
      return min(natural[column], max(headers[column].count, longestWord))
    }
  }

  /// Widths that add up to at most `available`, taken from the widest columns first; `nil`
  /// when the minimums alone do not fit.
  private static func fit(_ natural: [Int], minimums: [Int], in available: Int) -> [Int]? {
    guard minimums.reduce(0, +) <= available else { return nil }
    var widths = natural
    var excess = widths.reduce(0, +) - available
    while excess > 0 {
      // The widest column that can still give a column.
      guard
        let column = widths.indices.filter({ widths[$0] > minimums[$0] })
          .max(by: { widths[$0] < widths[$1] })
      else { return nil }
      widths[column] -= 1
      excess -= 1
    }
    return widths
  }

  /// The header row and the rows, each cell wrapped to its column's width.
  private static func lines(_ table: [[String]], widths: [Int], style: Style) -> String {
    var output: [String] = []
    for (index, cells) in table.enumerated() {
      let wrapped = cells.enumerated().map { column, cell in
        cell.count <= widths[column] ? [cell] : TextLayout.wrap(cell, width: widths[column])
      }
      let height = wrapped.map(\.count).max() ?? 1
      for lineIndex in 0..<height {
        let parts = wrapped.enumerated().map { column, cellLines in
          let part = lineIndex < cellLines.count ? cellLines[lineIndex] : ""
          return column == wrapped.count - 1 ? part : part.padded(to: widths[column])
        }
        let line = trimTrailing(parts.joined(separator: gap))
        output.append(index == 0 ? style.strong(line) : line)
      }
    }
    return output.joined(separator: "\n") + "\n"
  }

  /// Each row as `HEADER  value` lines, rows apart by a blank line, for a terminal too
  /// narrow for the columns side by side.
  private func records(_ rows: [[String]], columns: Int, style: Style) -> String {
    let labelWidth = (headers.map(\.count).max() ?? 0) + Self.gap.count
    let valueWidth = columns - labelWidth
    let beside = valueWidth >= Self.narrowest / 2
    let records = rows.map { cells in
      headers.indices.flatMap { column -> [String] in
        let label = style.strong(headers[column])
        let value = cells[column]
        if beside {
          let wrapped =
            value.count <= valueWidth ? [value] : TextLayout.wrap(value, width: valueWidth)
          let padding = String(repeating: " ", count: labelWidth - headers[column].count)
          let indent = String(repeating: " ", count: labelWidth)
          return [Self.trimTrailing(label + padding + (wrapped.first ?? ""))]
            + wrapped.dropFirst().map { indent + $0 }
        }
        // A label as wide as the terminal: the value goes under it.
        let wrapped =
          value.count <= columns - 2 ? [value] : TextLayout.wrap(value, width: columns - 2)
        return [label] + wrapped.map { Self.trimTrailing("  " + $0) }
      }.joined(separator: "\n")
    }
    return records.joined(separator: "\n\n") + "\n"
  }

  private static func trimTrailing(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
  }
}
