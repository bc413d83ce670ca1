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

  /// The same value as Foundation's objects.
  private func foundationObject(_ value: JSONValue) -> Any {
    switch value {
    case .null: NSNull()
    case .bool(let flag): flag
    case .integer(let number): number
    case .real(let number): number
    case .string(let text): text
    case .array(let items): items.map(foundationObject)
    case .object(let members):
      Dictionary(members.map { ($0.key, foundationObject($0.value)) }) { _, last in last }
    }
  }

  static var samples: [JSONValue] {
    [
      .object([
        (
          "error",
          .object([
            ("code", .integer(66)),
            ("message", .string("No database at /tmp/x; create one with 'authcli signup'")),
          ])
        )
      ]),
      .object([
        ("empty_list", .array([])), ("empty_object", .object([])), ("flag", .bool(true)),
        ("off", .bool(false)), ("missing", .null), ("big", .integer(.max)),
        ("negative", .integer(-42)),
        (
          "nested",
          .array([.object([("a", .integer(1))]), .object([("b", .array([.integer(2)]))])])
        ),
      ]),
      .object([
        (
          "text",
          .string(
            "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{7} esc \u{1B} "
              + "\u{8}\u{C}\u{1F} DEL \u{7F} e\u{301} \u{2028} \u{1F98A} nul \u{0}")
        )
      ]),
      .object(
        [
          "a_b", "ab", "a1", "a9", "a10", "aB", "a-b", "a.b", "A_b", "a", "_a", "zz", "Z", "b",
          "sign_in_throttle", "signals", "sessions", "session_id", "users", "auth_events", "x2y",
          "x02y",
        ].enumerated().map { ($1, JSONValue.integer(Int64($0))) }),
      .object([
        ("numbers", .array([0.5, 3.0, 1e20, -0.0, 0.1, 123_456.789].map(JSONValue.real)))
      ]),
    ]
  }

  @Test(arguments: 0..<5)
  func printsWhatJSONSerializationPrints(_ index: Int) throws {
    let sample = Self.samples[index]
    #expect(JSONText.render(sample) == (try foundation(foundationObject(sample))))
    let list = JSONValue.array([sample, .object([])])
    #expect(JSONText.render(list) == (try foundation(foundationObject(list))))
  }

  @Test func emptyContainersAreOneWord() {
    #expect(JSONText.render(.array([])) == "[]\n")
    #expect(
      JSONText.render(.object([("list", .array([])), ("map", .object([]))]))
        == "{\n  \"list\" : [],\n  \"map\" : {}\n}\n")
  }

  /// An output as the commands declare one: snake_case keys, optionals, a time, a list,
  /// a map and a nested value.
  private struct Sample: Encodable {
    let userName: String
    let lastSignInAt: Date?
    let createdAt: Date
    let count: Int
    let step: UInt64?
    let ratio: Double
    let tags: [String]
    let counts: [String: Int]
    let inner: Inner

    struct Inner: Encodable {
      let flag: Bool
    }

    enum CodingKeys: String, CodingKey {
      case count, counts, inner, ratio, step, tags
      case createdAt = "created_at"
      case lastSignInAt = "last_sign_in_at"
      case userName = "user_name"
    }
  }

  @Test("An Encodable output: keys sorted, an absent optional null, a time in ISO 8601")
  func encodesAnOutput() throws {
    let sample = Sample(
      userName: "ann", lastSignInAt: nil, createdAt: Date(timeIntervalSince1970: 1_764_419_790),
      count: 3, step: nil, ratio: 0.5, tags: ["b", "a"], counts: ["z": 1, "a": 2],
      inner: .init(flag: true))
    #expect(
      try JSONText.render(sample) == """
        {
          "count" : 3,
          "counts" : {
            "a" : 2,
            "z" : 1
          },
          "created_at" : "2025-11-29T12:36:30Z",
          "inner" : {
            "flag" : true
          },
          "last_sign_in_at" : null,
          "ratio" : 0.5,
          "step" : null,
          "tags" : [
            "b",
            "a"
          ],
          "user_name" : "ann"
        }

        """)
  }

  @Test("A JSON line: one object, keys sorted, no spaces, containers as null")
  func writesALine() throws {
    let sample = Sample(
      userName: "a\"b", lastSignInAt: nil, createdAt: Date(timeIntervalSince1970: 0), count: -1,
      step: 7, ratio: 2, tags: [], counts: [:], inner: .init(flag: false))
    #expect(
      try JSONText.line(sample)
        == #"{"count":-1,"counts":null,"created_at":"1970-01-01T00:00:00Z","inner":null,"#
        + #""last_sign_in_at":null,"ratio":2,"step":7,"tags":null,"user_name":"a\"b"}"# + "\n")
  }

  private struct Unwritable: Encodable {
    let ratio: Double
    let step: UInt64
  }

  @Test("A value JSON has no form for is an error, not a silent null")
  func refusesWhatHasNoForm() {
    #expect(throws: JSONEncodingFailure.self) {
      try JSONText.render(Unwritable(ratio: .nan, step: 0))
    }
    #expect(throws: JSONEncodingFailure.self) {
      try JSONText.render(Unwritable(ratio: 0, step: .max))
    }
  }

  /// Two `encode(to:)` calls on one encoder fill one object, as `inspect` merges the
  /// engines' keys with the shared ones; a key given twice keeps its last value.
  private struct Merged: Encodable {
    func encode(to encoder: any Encoder) throws {
      try ["b": 1, "a": 1].encode(to: encoder)
      try ["c": 3, "a": 2].encode(to: encoder)
    }
  }

  @Test func mergesTheKeysOfTwoValues() throws {
    #expect(try JSONText.render(Merged()) == "{\n  \"a\" : 2,\n  \"b\" : 1,\n  \"c\" : 3\n}\n")
  }
}
