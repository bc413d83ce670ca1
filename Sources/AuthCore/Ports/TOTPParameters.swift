#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How a time-based one-time password is computed (RFC 6238): the HMAC's hash, the number
/// of digits and the length of a time step. The use cases store these with the secret and
/// put them in the `otpauth://` URI, so an authenticator app computes the same codes.
public struct TOTPParameters: Hashable, Sendable {
  /// The hash of the HMAC.
  public enum Algorithm: String, Hashable, Sendable, CaseIterable {
    /// HMAC-SHA-1: what authenticator apps assume when a URI names none.
    case sha1 = "SHA1"
    /// HMAC-SHA-256.
    case sha256 = "SHA256"
    /// HMAC-SHA-512.
    case sha512 = "SHA512"
  }

  /// How many decimal digits a code has.
  public enum Digits: Int, Hashable, Sendable, CaseIterable {
    /// Six: what authenticator apps assume when a URI names none.
    case six = 6
    /// Eight.
    case eight = 8
  }

  /// The lengths a time step may have, in seconds: a longer step keeps each code valid for
  /// longer, and some readers (pyotp) refuse more than 120.
  public static let periodRange = 15...120

  /// What authenticator apps assume: HMAC-SHA-1, 6 digits, 30-second steps.
  public static let standard = TOTPParameters(checked: .sha1, .six, period: 30)

  /// The hash of the HMAC.
  public let algorithm: Algorithm
  /// The number of digits.
  public let digits: Digits
  /// The length of a time step in seconds (RFC 6238's X).
  public let period: Int

  /// Parameters of the caller's choice; the period must lie in `periodRange`.
  public init(
    algorithm: Algorithm = .sha1, digits: Digits = .six, period: Int = 30
  ) throws(TOTPParametersError) {
    guard Self.periodRange.contains(period) else { throw .periodOutOfRange(period) }
    self.init(checked: algorithm, digits, period: period)
  }

  private init(checked algorithm: Algorithm, _ digits: Digits, period: Int) {
    self.algorithm = algorithm
    self.digits = digits
    self.period = period
  }

  /// The time step that `date` falls in (RFC 6238's T, counted from the Unix epoch, T0 = 0).
  /// A clock set before 1970 is in step 0.
  public func step(at date: Date) -> UInt64 {
    let seconds = date.timeIntervalSince1970
    guard seconds > 0 else { return 0 }
    return step(atUnixTime: UInt64(seconds.rounded(.down)))
  }

  /// The time step of a Unix time in whole seconds.
  public func step(atUnixTime seconds: UInt64) -> UInt64 {
    seconds / UInt64(period)
  }
}

/// Parameters that cannot be used.
public enum TOTPParametersError: Error, Hashable, Sendable {
  /// The period (in seconds) is outside `TOTPParameters.periodRange`.
  case periodOutOfRange(Int)
}
