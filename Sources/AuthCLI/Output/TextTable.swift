/// Aligned columns for people: a header row, then one row per item.
struct TextTable {
  let headers: [String]
  let rows: [[String]]

  /// Columns separated by two spaces, each as wide as its widest cell; no trailing spaces.
  func render(style: Style = .plain) -> String {
    // Cells may hold database contents; what a terminal would obey is shown escaped.
    let rows = rows.map { $0.map(TerminalText.visible) }
    let widths = headers.indices.map { column in
      ([headers[column]] + rows.map { $0[column] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { index, cell in
        index == cells.count - 1
          ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }
      return padded.joined(separator: "  ")
    }
    let header = style.strong(line(headers))
    return ([header] + rows.map(line)).map { trimTrailing($0) }.joined(separator: "\n") + "\n"
  }

  private func trimTrailing(_ text: String) -> String {
    var text = text
    while text.last == " " { text.removeLast() }
    return text
  }
}
