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
  /// The text as typed, for verifying a hash another system made: none of the systems
  /// imported from normalises, so their hash is of the typed bytes. Never hashed anew.
  public let verbatim: String

  /// Normalises raw input without judging it (sign-in accepts any stored password).
  public init(_ raw: String) {
    normalized = UnicodeNormalization.nfkc(raw)
    verbatim = raw
  }

  /// Equal when the normalised texts are: two spellings of one password are one password.
  public static func == (left: Password, right: Password) -> Bool {
    left.normalized == right.normalized
  }

  /// Hashes the normalised text, as `==` compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(normalized) }

  /// Redacted.
  public var description: String { "Password(redacted)" }
  /// Redacted.
  public var debugDescription: String { description }
  /// Redacted, so that `dump(_:)` and `Mirror` show no text either.
  public var customMirror: Mirror {
    Mirror(self, children: ["normalized": "redacted", "verbatim": "redacted"])
  }
}
