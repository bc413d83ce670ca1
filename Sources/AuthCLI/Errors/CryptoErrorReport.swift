import AuthCore
import AuthCrypto

/// Exit codes for the crypto adapter's error types.
enum CryptoErrorReport {
  /// The report for a crypto error, or `nil` when the error is not one of crypto's.
  static func report(_ error: any Error) -> ErrorReport? {
    switch error {
    case SodiumError.initializationFailed:
      ErrorReport(kind: .unavailable, message: "libsodium could not be initialised")
    case PasswordHashingError.outOfMemory:
      ErrorReport(kind: .unavailable, message: "Not enough memory to hash the password")
    case PasswordHashingError.costOutOfRange:
      ErrorReport(
        kind: .configuration,
        message: "The password-hashing cost is outside what libsodium accepts")
    case TokenSourceError.unhashableToken:
      ErrorReport(kind: .internalError, message: "A new session token could not be hashed")
    default: nil
    }
  }
}
