import Foundation
import Testing

@testable import AuthCLI

/// authcli's JSON writer prints what Foundation's `JSONSerialization` prints (sorted keys,
/// pretty-printed, slashes unescaped), but for empty containers: `[]` and `{}`, where
/// Foundation prints the brackets around a blank line.
@Suite struct JSONTextTests {
  private func foundation(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])
    // authcli escapes what JSONSerialization leaves raw (C1, bidi and invisible characters).
    let text = String(decoding: data, as: UTF8.self)
      .replacing(/\[\n *\n *\]/, with: "[]").replacing(/\{\n *\n *\}/, with: "{}")
    return TerminalText.escapingJSON(text) + "\n"
  }

  /// `JSONText.null` where Foundation takes `NSNull`.
  private func replacingNulls(_ value: Any) -> Any {
    switch value {
    case is JSONText.Null: NSNull()
    case let array as [Any]: array.map(replacingNulls)
    case let object as [String: Any]: object.mapValues(replacingNulls)
    default: value
    }
  }

  static var samples: [[String: Any]] {
    [
      [
        "error": ["code": 66, "message": "No database at /tmp/x; create one with 'authcli signup'"]
      ],
      [
        "empty_list": [Any](), "empty_object": [String: Any](), "flag": true, "off": false,
        "missing": JSONText.null, "big": Int64.max, "negative": -42,
        "nested": [["a": 1], ["b": [2]]],
      ],
      [
        "text": "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} esc \u{1B} "
          + "\u{8}\u{C}\u{1F} DEL \u{7F} e\u{301} \u{2028} \u{1F98A} nul \u{0}"
      ],
      [
        "a_b": 1, "ab": 2, "a1": 3, "a9": 4, "a10": 5, "aB": 6, "a-b": 7, "a.b": 8, "A_b": 9,
        "a": 10,
        "_a": 11, "zz": 12, "Z": 13, "b": 14, "sign_in_throttle": 15, "signals": 16,
        "sessions": 17, "session_id": 18, "users": 19, "auth_events": 20, "x2y": 21, "x02y": 22,
      ],
      ["numbers": [0.5, 3.0, 1e20, -0.0, 0.1, 123_456.789]],
    ]
  }

  @Test(arguments: 0..<5)
  func printsWhatJSONSerializationPrints(_ index: Int) throws {
    let sample = Self.samples[index]
    #expect(JSONText.render(sample) == (try foundation(replacingNulls(sample))))
    #expect(
      JSONText.render([sample, [String: Any]()])
        == (try foundation(replacingNulls([sample, [String: Any]()]))))
  }

  @Test func emptyContainersAreOneWord() {
    #expect(JSONText.render([Any]()) == "[]\n")
    #expect(
      JSONText.render(["list": [Any](), "map": [String: Any]()])
        == "{\n  \"list\" : [],\n  \"map\" : {}\n}\n")
  }

  @Test func aTopLevelThatIsNotAContainerOrAnUnknownTypeIsNull() {
    #expect(JSONText.render("text") == "null\n")
    #expect(JSONText.render(["when": Date()]) == "null\n")
  }
}
