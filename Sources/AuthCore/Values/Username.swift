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

  /// Checks raw input against the rules and returns the canonical username.
  public static func validate(
    _ raw: String, rules: UsernameRules = .standard
  )
    -> Validation<Username>
  {
    // Filled in by the use-case layer's rules; see UsernameRules.
    rules.check(canonicalize(raw)).map(Username.init(canonical:))
  }
}
