/// A command's result as one value: printed as its JSON under `--json` and as `text(style:)`
/// otherwise, so that what people read and what scripts parse cannot tell different stories.
protocol CommandOutput: Encodable, Sendable {
  /// The result for people, built from this value's properties only; `style` carries the
  /// colour and the width a table fits in.
  func text(style: Style) -> String
}

/// One record of a listing (`users list`, `sessions list`, `audit`): a list of them is a
/// `CommandOutput` whose JSON is an array and whose text is a table, one row a record.
protocol TableRecord: Encodable, Sendable {
  /// The column headers, in the order of `cells`.
  static var headers: [String] { get }
  /// What an empty list says instead of a header with no rows; `nil` keeps the header.
  static var emptyListText: String? { get }
  /// The record's cells, one per header.
  var cells: [String] { get }
}

extension TableRecord {
  static var emptyListText: String? { nil }
}

extension Array: CommandOutput where Element: TableRecord {
  func text(style: Style) -> String {
    if isEmpty, let empty = Element.emptyListText { return empty }
    return TextTable(headers: Element.headers, rows: map(\.cells)).render(style: style)
  }
}
