import Foundation

/// Number formatting shared by the table.
enum Format {
  /// A ratio with two decimals.
  static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

  /// A measured value with a precision that suits its size, thousands grouped.
  static func value(_ value: Double) -> String {
    if value >= 1000 { return grouped(Int(value.rounded())) }
    if value >= 100 { return String(format: "%.0f", value) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
  }

  /// An integer with thousands separators (1,000,000).
  static func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }

  /// Pads or keeps text to a column width.
  static func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
  }

  /// Right-aligns text in a column.
  static func padLeft(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
  }
}
