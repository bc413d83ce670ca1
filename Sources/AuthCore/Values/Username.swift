#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A username in canonical form: what is stored, compared and shown.
public struct Username: Hashable, Sendable, CustomStringConvertible {
  /// The canonical text: trimmed, NFKC-normalised, lowercased.
  public let canonical: String

  private init(canonical: String) { self.canonical = canonical }

  /// The canonical text.
  public var description: String { canonical }

  /// The canonical form of any text, valid or not (used as the throttle key).
  public static func canonicalize(_ raw: String) -> String {
    UnicodeNormalization.nfkc(trimmingWhitespace(raw)).lowercased()
  }

  /// `raw` without white space (Unicode's White_Space property, the set Foundation calls
  /// `whitespacesAndNewlines`) at either end, trimmed scalar by scalar as Foundation trims.
  static func trimmingWhitespace(_ raw: String) -> String {
    let scalars = raw.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
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
