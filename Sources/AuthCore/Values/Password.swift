#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A password, NFKC-normalised and never trimmed or truncated.
///
/// Equality compares the normalised text (tests use it); `description` is redacted.
public struct Password: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  /// The normalised text handed to the hasher.
  public let normalized: String

  /// Normalises raw input without judging it (sign-in accepts any stored password).
  public init(_ raw: String) {
    normalized = UnicodeNormalization.nfkc(raw)
  }

  /// Redacted.
  public var description: String { "Password(redacted)" }
  /// Redacted.
  public var debugDescription: String { description }
  /// Redacted, so that `dump(_:)` and `Mirror` show no text either.
  public var customMirror: Mirror { Mirror(self, children: ["normalized": "redacted"]) }
}
