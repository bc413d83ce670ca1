import AuthCore
import AuthCrypto

// Exit codes for the crypto ports' and adapter's error types.

extension PasswordHasherError: ReportableFailure {
  /// The report for a hash that could not be made.
  var report: ErrorReport {
    switch self {
    case .outOfMemory:
      ErrorReport(kind: .unavailable, message: "Not enough memory to hash the password")
    }
  }
}

extension TokenSourceError: ReportableFailure {
  /// The report for a token source that broke its contract (a bug).
  var report: ErrorReport {
    switch self {
    case .unhashableToken:
      ErrorReport(kind: .internalError, message: "A new session token could not be hashed")
    }
  }
}

extension SodiumError: ReportableFailure {
  /// The report for libsodium that cannot be used.
  var report: ErrorReport {
    switch self {
    case .unavailable(let reason):
      ErrorReport(kind: .unavailable, message: "libsodium could not be initialised: \(reason)")
    }
  }
}

extension PasswordHashingError: ReportableFailure {
  /// The report for a hasher that could not be made.
  var report: ErrorReport {
    switch self {
    case .costOutOfRange:
      ErrorReport(
        kind: .configuration,
        message: "The password-hashing cost is outside what libsodium accepts")
    }
  }
}
