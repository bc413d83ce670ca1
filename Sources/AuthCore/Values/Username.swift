import Foundation

/// A username in canonical form: what is stored, compared and shown.
public struct Username: Hashable, Sendable, CustomStringConvertible {
  /// The canonical text: trimmed, NFKC-normalised, lowercased.
  public let canonical: String

  private init(canonical: String) { self.canonical = canonical }

  /// The canonical text.
  public var description: String { canonical }

  /// The canonical form of any text, valid or not (used as the throttle key).
  public static func canonicalize(_ raw: String) -> String {
    raw.trimmingCharacters(in: .whitespacesAndNewlines)
      .precomposedStringWithCompatibilityMapping
      .lowercased()
  }

  /// Checks raw input against the rules and returns the canonical username: 3 to 32
  /// characters (by default) of `a-z 0-9 . _ -`, starting with a letter or a digit.
  public static func validate(
    _ raw: String, rules: UsernameRules = .standard
  )
    -> Validation<Username>
  {
    rules.check(canonicalize(raw)).map(Username.init(canonical:))
  }
}
