import Foundation

/// JSON for scripts: sorted keys, snake_case (chosen by each caller), pretty-printed.
enum JSONText {
  /// Serialises dictionaries, arrays, strings, numbers, booleans and `NSNull`.
  static func render(_ value: Any) -> String {
    let options: JSONSerialization.WritingOptions = [
      .sortedKeys, .prettyPrinted, .withoutEscapingSlashes,
    ]
    guard JSONSerialization.isValidJSONObject(value),
      let data = try? JSONSerialization.data(withJSONObject: value, options: options)
    else { return "null\n" }
    // JSONSerialization escapes only C0 controls; C1 controls, bidi controls and invisible
    // characters would reach a terminal that shows the JSON.
    return TerminalText.escapingJSON(String(decoding: data, as: UTF8.self)) + "\n"
  }

  /// A time as an ISO 8601 UTC string, or `null`.
  static func time(_ date: Date?) -> Any {
    guard let date else { return NSNull() }
    return Timestamp.iso8601(date)
  }
}
