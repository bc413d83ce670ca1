#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The `otpauth://totp/ISSUER:ACCOUNT?secret=…&issuer=…&algorithm=…&digits=…&period=…` URI
/// that authenticator apps read (Google Authenticator's Key URI Format), built, never parsed.
///
/// The issuer appears twice, as the label's prefix and as a parameter, as the format asks.
/// Every byte outside RFC 3986's unreserved characters is percent-encoded (a space as `%20`,
/// never `+`), so any issuer or account survives a strict reader.
public struct OTPAuthURI: Hashable, Sendable, CustomStringConvertible {
  /// The URI; it holds the secret.
  public let text: String

  /// Builds the URI; issuer and account must be non-empty and hold no colon, which the
  /// format reserves to separate them.
  public init(
    issuer: String, account: String, base32Secret: String, parameters: TOTPParameters
  ) throws(OTPAuthURIError) {
    for (field, value) in [("issuer", issuer), ("account", account)] {
      guard !value.isEmpty, !value.contains(":") else { throw .unusableLabel(field: field) }
    }
    // Every part is percent-encoded here, so the URI is put together as text: no
    // URLComponents, which would link the whole of FoundationEssentials into the binary.
    let query = [
      ("secret", base32Secret), ("issuer", issuer),
      ("algorithm", parameters.algorithm.rawValue),
      ("digits", String(parameters.digits.rawValue)), ("period", String(parameters.period)),
    ].map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    let text = "otpauth://totp/\(Self.encoded(issuer)):\(Self.encoded(account))?\(query)"
    self.text = text
  }

  /// Redacted: the URI holds the secret.
  public var description: String { "OTPAuthURI(redacted)" }

  /// `value` with every byte outside A–Z, a–z, 0–9 and `-._~` written as `%XX`.
  private static func encoded(_ value: String) -> String {
    var result = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        result += byte < 0x10 ? "%0\(hex)" : "%\(hex)"
      }
    }
    return result
  }
}

/// Why a URI could not be built.
public enum OTPAuthURIError: Error, Hashable, Sendable {
  /// The issuer or the account (named) is empty or holds a colon.
  case unusableLabel(field: String)
}
