import AuthCore
import AuthCrypto

/// Exit codes for the crypto adapter's error types.
enum CryptoErrorReport {
  /// The report for a crypto error, or `nil` when the error is not one of crypto's.
  static func report(_ error: any Error) -> ErrorReport? {
    switch error {
    case SodiumError.initializationFailed:
      ErrorReport(code: .unavailable, message: "libsodium could not be initialised")
    case PasswordHashingError.outOfMemory:
      ErrorReport(code: .unavailable, message: "Not enough memory to hash the password")
    case PasswordHashingError.costOutOfRange:
      ErrorReport(
        code: .configuration,
        message: "The password-hashing cost is outside what libsodium accepts")
    case TokenSourceError.unhashableToken:
      ErrorReport(code: .software, message: "A new session token could not be hashed")
    default: nil
    }
  }
}
