#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The secret a client holds for a session: base64url text of random bytes.
///
/// Its `description` is redacted so it cannot leak through logs or string
/// interpolation; read `rawValue` only to hand it to the client.
public struct SessionToken: RawRepresentable, Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// The token text, as shown to the client once.
  public let rawValue: String

  /// Wraps token text read from the client; the token's shape is checked by `TokenSource`.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Redacted.
  public var description: String { "SessionToken(redacted)" }
  /// Redacted.
  public var debugDescription: String { description }
}

/// The hash of a session token, which is what storage keeps and looks up.
public struct TokenHash: RawRepresentable, Hashable, Sendable {
  /// The hash bytes (32).
  public let rawValue: [UInt8]
  /// Wraps hash bytes.
  public init(rawValue: [UInt8]) { self.rawValue = rawValue }
}
