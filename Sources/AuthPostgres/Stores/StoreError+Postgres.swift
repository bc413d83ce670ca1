import AuthCore

extension StoreError {
  /// The adapter's error, worded once here for every front end: the server's or libpq's
  /// reason and the server's name without its password; never a bound value.
  public init(_ error: PostgresError) {
    let message = error.description.prefix(1).uppercased() + error.description.dropFirst()
    switch error {
    case .libraryMissing:
      self = .failed(
        StoreError.Failure(
          .unavailable, message: message,
          hint: "Install libpq (Debian and Ubuntu: apt-get install libpq5)."))
    case .invalidURI:
      self = .failed(StoreError.Failure(.invalidLocation, message: message))
    case .connectionFailed:
      // A server that is starting, restarting or being replaced by its standby refuses for
      // a moment, and the same command then succeeds; a wrong URI, password or certificate
      // keeps failing, so the hint names both.
      self = .failed(
        StoreError.Failure(
          .unavailable, message: message,
          hint: "Try again once the server accepts connections; if it keeps failing, check"
            + " the URI, the password and the server's certificate."))
    case .verifiedConnectionFailed:
      // The certificate, the CA or TLS itself is the likelier cause, and a weaker mode is
      // the owner's choice to make by name.
      self = .failed(
        StoreError.Failure(
          .unavailable, message: message,
          hint: "Give the CA that signed the server's certificate with sslrootcert=FILE in"
            + " the URI (libpq reads ~/.postgresql/root.crt otherwise); on a network you"
            + " trust, name a weaker mode instead: sslmode=require (TLS, any certificate)"
            + " or sslmode=disable (no TLS)."))
    case .connectionLost:
      // Every write is one transaction: cut off before its commit it left nothing, and cut
      // off during its commit it may have been saved, which running it again reveals.
      self = .failed(
        StoreError.Failure(
          .unavailable, message: message,
          hint: "Try again once the server answers; a change cut off while it was being"
            + " committed may have been saved (a sign-up then finds its name taken)."))
    case .schemaTooNew:
      self = .failed(StoreError.Failure(.schemaTooNew, message: message))
    case .unexpectedValue:
      self = .failed(StoreError.Failure(.corrupt, message: message))
    case .unexpectedSchema:
      self = .failed(StoreError.Failure(.unexpectedSchema, message: message))
    case .foreignSchema:
      self = .failed(
        StoreError.Failure(
          .unexpectedSchema, message: message,
          hint: "Name a schema of the role authcli connects as with"
            + " options=-csearch_path=NAME in the URI."))
    case .notMigrated:
      self = .failed(
        StoreError.Failure(
          .notConfigured, message: message,
          hint: "Run 'authcli migrate' or 'authcli signup'."))
    case .noSchema:
      self = .failed(StoreError.Failure(.notConfigured, message: message))
    case .migrationFailed(_, let underlying):
      self =
        underlying.isConnectionFailure
        ? StoreError(underlying) : .failed(StoreError.Failure(.migrationFailed, message: message))
    case .server(let refused):
      self = .failed(
        StoreError.Failure(
          Self.kind(forSQLState: refused.sqlState), message: "Database error: \(refused)"))
    }
  }

  /// SQLSTATE classes that decide a kind; the rest are unexpected.
  private static func kind(forSQLState state: String) -> StoreError.Failure.Kind {
    switch state.prefix(2) {
    case "08", "57": .unavailable
    case "53", "40", "55": .contended
    case "42" where state == "42501": .permissionDenied
    case "28": .permissionDenied
    default: .unexpected
    }
  }
}
