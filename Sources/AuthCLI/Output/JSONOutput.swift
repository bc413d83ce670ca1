/// A command's `--json` result: an `Encodable` value whose keys are declared once, in its
/// `CodingKeys` (snake_case), so that the manual's key lists and the vocabulary check read
/// them from the declaration rather than from a copy.
protocol JSONOutput: Encodable, Sendable {
  associatedtype CodingKeys: CodingKey & CaseIterable & Hashable

  /// Keys printed for one release beside the keys that replace them, each with its
  /// replacement's words for the manual; the property of each is optional, with its
  /// removal note.
  static var deprecatedKeys: [CodingKeys: String] { get }
}

extension JSONOutput {
  static var deprecatedKeys: [CodingKeys: String] { [:] }

  /// Every key the value may print, in declaration order.
  static var keys: [String] { CodingKeys.allCases.map(\.stringValue) }

  /// The deprecated keys by name, with their replacements.
  static var deprecatedKeyNames: [String: String] {
    Dictionary(uniqueKeysWithValues: deprecatedKeys.map { ($0.key.stringValue, $0.value) })
  }
}
