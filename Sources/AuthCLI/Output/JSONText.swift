#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// JSON for scripts: sorted keys, snake_case (chosen by each caller), pretty-printed.
///
/// The layout is Foundation's `JSONSerialization` with `sortedKeys`, `prettyPrinted` and
/// `withoutEscapingSlashes` (two-space indents, `"key" : value`, keys in Foundation's
/// order), except that an empty array or object is `[]` or `{}` on its line rather than
/// an opening and a closing bracket around a blank line. It is written here so that the
/// binary does not link the whole of Foundation for it; a test compares the two.
enum JSONText {
  /// JSON's `null`, for values that are absent.
  struct Null: Sendable {}

  /// The `null` value.
  static let null = Null()

  /// Serialises dictionaries with `String` keys, arrays, strings, integers, doubles,
  /// booleans and `JSONText.null`; anything else, or a top level that is not a dictionary
  /// or an array, gives `null`.
  static func render(_ value: Any) -> String {
    guard value is [String: Any] || value is [Any] else { return "null\n" }
    var output = ""
    guard write(value, indent: 0, to: &output) else { return "null\n" }
    // Like JSONSerialization, the writer escapes only C0 controls; C1 controls, bidi
    // controls and invisible characters would reach a terminal that shows the JSON.
    return TerminalText.escapingJSON(output) + "\n"
  }

  /// A flat object on one line, keys in the order `render` uses, for JSON Lines; a value
  /// that is a container, or has no JSON form, is written as `null`.
  static func line(_ object: [String: Any]) -> String {
    var output = "{"
    for (offset, entry) in object.sorted(by: { isOrderedBefore($0.key, $1.key) }).enumerated() {
      if offset > 0 { output += "," }
      writeString(entry.key, to: &output)
      output += ":"
      let isContainer = entry.value is [Any] || entry.value is [String: Any]
      if isContainer || !write(entry.value, indent: 0, to: &output) { output += "null" }
    }
    return TerminalText.escapingJSON(output + "}") + "\n"
  }

  /// A time as an ISO 8601 UTC string, or `null`.
  static func time(_ date: Date?) -> Any {
    guard let date else { return null }
    return Timestamp.iso8601(date)
  }

  /// Whether `value` could be written: a type JSON has no form for writes nothing useful.
  private static func write(_ value: Any, indent: Int, to output: inout String) -> Bool {
    switch value {
    case let text as String: writeString(text, to: &output)
    case let flag as Bool: output += flag ? "true" : "false"
    case let number as Int: output += String(number)
    case let number as Int64: output += String(number)
    case let number as Int32: output += String(number)
    case let number as UInt64: output += String(number)
    case let number as Double: output += format(number)
    case is Null: output += "null"
    case let array as [Any]:
      return writeContainer(
        open: "[", close: "]", array.map { (nil as String?, $0) }, indent: indent, to: &output)
    case let object as [String: Any]:
      let entries = object.sorted { isOrderedBefore($0.key, $1.key) }.map {
        ($0.key as String?, $0.value)
      }
      return writeContainer(open: "{", close: "}", entries, indent: indent, to: &output)
    default: return false
    }
    return true
  }

  private static func writeContainer(
    open: String, close: String, _ entries: [(key: String?, value: Any)], indent: Int,
    to output: inout String
  ) -> Bool {
    // Empty: `[]`, which every reader of JSON (and of the output) expects.
    guard !entries.isEmpty else {
      output += open + close
      return true
    }
    let inner = String(repeating: " ", count: indent + 2)
    output += open + "\n"
    for (offset, entry) in entries.enumerated() {
      output += inner
      if let key = entry.key {
        writeString(key, to: &output)
        output += " : "
      }
      guard write(entry.value, indent: indent + 2, to: &output) else { return false }
      output += offset == entries.count - 1 ? "\n" : ",\n"
    }
    output += String(repeating: " ", count: indent) + close
    return true
  }

  private static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{8}": output += "\\b"
      case "\u{C}": output += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }

  /// Whole numbers without a fraction ("3", "-0"), others as Swift prints them ("0.1", "1e+20").
  private static func format(_ number: Double) -> String {
    if number.rounded() == number, abs(number) < 1e15 {
      return (number.sign == .minus ? "-" : "") + String(Int64(abs(number)))
    }
    return String(number)
  }

  /// Foundation's order for sorted keys: letters without regard to case (lower case first
  /// on a tie), runs of digits by their value, and `_`, `-`, `.` before digits and letters.
  static func isOrderedBefore(_ left: String, _ right: String) -> Bool {
    var leftRest = Substring(left)
    var rightRest = Substring(right)
    while let leftFirst = leftRest.first, let rightFirst = rightRest.first {
      if leftFirst.isASCII, leftFirst.isNumber, rightFirst.isASCII, rightFirst.isNumber {
        let leftDigits = leftRest.prefix(while: { $0.isASCII && $0.isNumber })
        let rightDigits = rightRest.prefix(while: { $0.isASCII && $0.isNumber })
        let leftValue = leftDigits.drop(while: { $0 == "0" })
        let rightValue = rightDigits.drop(while: { $0 == "0" })
        if leftValue.count != rightValue.count { return leftValue.count < rightValue.count }
        if leftValue != rightValue { return leftValue < rightValue }
        leftRest = leftRest.dropFirst(leftDigits.count)
        rightRest = rightRest.dropFirst(rightDigits.count)
        continue
      }
      let leftRank = rank(leftFirst)
      let rightRank = rank(rightFirst)
      if leftRank != rightRank { return leftRank < rightRank }
      leftRest = leftRest.dropFirst()
      rightRest = rightRest.dropFirst()
    }
    if leftRest.isEmpty != rightRest.isEmpty { return leftRest.isEmpty }
    // Equal but for case: lower case first.
    return left > right
  }

  private static func rank(_ character: Character) -> (Int, String) {
    switch character {
    case "_": (0, "")
    case "-": (1, "")
    case ".": (2, "")
    case _ where character.isASCII && character.isNumber: (3, String(character))
    case _ where character.isLetter: (5, character.lowercased())
    default: (4, String(character))
    }
  }
}
