/// A JSON value as authcli writes and reads it: what an `Encodable` output becomes before it
/// is printed, and what an import line is parsed into before it is decoded.
enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  case real(Double)
  case string(String)
  case array([JSONValue])
  /// Members in the order they were encoded; a key encoded twice keeps its last value.
  case object([(key: String, value: JSONValue)])

  static func == (left: JSONValue, right: JSONValue) -> Bool {
    switch (left, right) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.real(let a), .real(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)):
      a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: false
    }
  }
}

/// JSON for scripts: sorted keys, snake_case (declared by each output's `CodingKeys`),
/// pretty-printed.
///
/// The layout is Foundation's `JSONSerialization` with `sortedKeys`, `prettyPrinted` and
/// `withoutEscapingSlashes` (two-space indents, `"key" : value`, keys in Foundation's
/// order), except that an empty array or object is `[]` or `{}` on its line rather than
/// an opening and a closing bracket around a blank line. It is written here so that the
/// binary does not link the whole of Foundation for it; a test compares the two.
enum JSONText {
  /// The value, pretty-printed, with a final newline.
  static func render<Value: Encodable>(_ value: Value) throws(JSONEncodingFailure) -> String {
    render(try JSONTreeEncoder.value(of: value))
  }

  /// A flat object on one line, keys in the order `render` uses, for JSON Lines; a member
  /// that is an array or an object is written as `null`.
  static func line<Value: Encodable>(_ value: Value) throws(JSONEncodingFailure) -> String {
    guard case .object(let members) = try JSONTreeEncoder.value(of: value) else {
      return "null\n"
    }
    var output = "{"
    for (offset, member) in sorted(members).enumerated() {
      if offset > 0 { output += "," }
      writeString(member.key, to: &output)
      output += ":"
      switch member.value {
      case .array, .object: output += "null"
      default: write(member.value, indent: 0, to: &output)
      }
    }
    return TerminalText.escapingJSON(output + "}") + "\n"
  }

  /// The value, pretty-printed, with a final newline.
  static func render(_ value: JSONValue) -> String {
    var output = ""
    write(value, indent: 0, to: &output)
    // Like JSONSerialization, the writer escapes only C0 controls; C1 controls, bidi
    // controls and invisible characters would reach a terminal that shows the JSON.
    return TerminalText.escapingJSON(output) + "\n"
  }

  private static func write(_ value: JSONValue, indent: Int, to output: inout String) {
    switch value {
    case .null: output += "null"
    case .bool(let flag): output += flag ? "true" : "false"
    case .integer(let number): output += String(number)
    case .real(let number): output += format(number)
    case .string(let text): writeString(text, to: &output)
    case .array(let items):
      writeContainer(
        open: "[", close: "]", items.map { (nil as String?, $0) }, indent: indent, to: &output)
    case .object(let members):
      writeContainer(
        open: "{", close: "}", sorted(members).map { ($0.key as String?, $0.value) },
        indent: indent, to: &output)
    }
  }

  private static func sorted(
    _ members: [(key: String, value: JSONValue)]
  ) -> [(key: String, value: JSONValue)] {
    members.sorted { isOrderedBefore($0.key, $1.key) }
  }

  private static func writeContainer(
    open: String, close: String, _ entries: [(key: String?, value: JSONValue)], indent: Int,
    to output: inout String
  ) {
    // Empty: `[]`, which every reader of JSON (and of the output) expects.
    guard !entries.isEmpty else {
      output += open + close
      return
    }
    let inner = String(repeating: " ", count: indent + 2)
    output += open + "\n"
    for (offset, entry) in entries.enumerated() {
      output += inner
      if let key = entry.key {
        writeString(key, to: &output)
        output += " : "
      }
      write(entry.value, indent: indent + 2, to: &output)
      output += offset == entries.count - 1 ? "\n" : ",\n"
    }
    output += String(repeating: " ", count: indent) + close
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
