/// Computes and checks one-time passwords (HOTP, RFC 4226; TOTP, RFC 6238) and spells their
/// secrets in base32 (RFC 4648), through a maintained library rather than code of our own.
///
/// The use cases rely on this: a secret is made from a cryptographically secure random
/// source; `code` is the RFC's value for a time step (for SHA-1 it is also HOTP with that
/// step as the counter); `verify` looks at no step outside the window it is given, compares
/// in constant time, and answers the step that matched, so the caller can refuse a step at
/// or before the last one it accepted (a code is accepted at most once).
public protocol OneTimePasswords: Sendable {
  /// A new secret of `byteCount` random bytes (`TOTPSecret.byteCountRange`).
  func makeSecret(byteCount: Int) throws(OneTimePasswordError) -> TOTPSecret
  /// The code for a time step (or HOTP counter), `parameters.digits` digits long with
  /// leading zeros.
  func code(
    for secret: TOTPSecret, atStep step: UInt64, parameters: TOTPParameters
  ) throws(OneTimePasswordError) -> String
  /// The step in `step - window ... step + window` whose code is `code`, or `nil` when none
  /// is (or the text is not `parameters.digits` ASCII digits). Every step of the window is
  /// compared, in constant time, whichever matches.
  func verify(
    _ code: String, for secret: TOTPSecret, nearStep step: UInt64, window: UInt64,
    parameters: TOTPParameters
  ) throws(OneTimePasswordError) -> UInt64?
  /// The secret in base32 (RFC 4648 alphabet, upper case), without `=` padding, as
  /// authenticator apps expect.
  func base32(_ secret: TOTPSecret) throws(OneTimePasswordError) -> String
  /// The secret that base32 text spells (padding, spaces and lower case accepted).
  func secret(base32 text: String) throws(OneTimePasswordError) -> TOTPSecret
}

extension OneTimePasswords {
  /// A new secret of `TOTPSecret.standardByteCount` (160 bits, as RFC 4226 recommends).
  public func makeSecret() throws(OneTimePasswordError) -> TOTPSecret {
    try makeSecret(byteCount: TOTPSecret.standardByteCount)
  }
}

/// The shared secret of a one-time password: raw bytes, printed redacted.
public struct TOTPSecret: Hashable, Sendable, CustomStringConvertible,
  CustomDebugStringConvertible
{
  /// 20 bytes (160 bits), the length RFC 4226 recommends and authenticator apps expect.
  public static let standardByteCount = 20
  /// The lengths `makeSecret(byteCount:)` accepts: at least RFC 4226's 128 bits, at most the
  /// 64 bytes RFC 6238 uses with HMAC-SHA-512.
  public static let byteCountRange = 16...64

  /// The secret's bytes.
  public let bytes: [UInt8]

  /// Wraps bytes made, decoded or opened elsewhere.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// Redacted.
  public var description: String { "TOTPSecret(redacted)" }
  /// Redacted.
  public var debugDescription: String { description }
}

/// Why a one-time password or a secret could not be made or read.
public enum OneTimePasswordError: Error, Hashable, Sendable {
  /// A secret of this many bytes is not made (see `TOTPSecret.byteCountRange`).
  case secretLengthOutOfRange(Int)
  /// The secret has no bytes.
  case emptySecret
  /// The text is not base32.
  case invalidBase32
  /// The library refused, with its reason.
  case libraryFailure(String)
}
