import AuthCore

extension StoreError {
  /// The adapter's error in the port's terms: its sort, and the server's or libpq's reason
  /// and the server's name without its password; never a bound value, and no step, which
  /// the front end words from the sort.
  public init(_ error: PostgresError) {
    let message = error.description.prefix(1).uppercased() + error.description.dropFirst()
    switch error {
    case .libraryMissing:
      self = .failed(StoreError.Failure(.libraryMissing, message: message))
    case .invalidURI:
      self = .failed(StoreError.Failure(.invalidLocation, message: message))
    case .connectionFailed:
      self = .failed(StoreError.Failure(.unreachable, message: message))
    case .verifiedConnectionFailed:
      self = .failed(StoreError.Failure(.certificateUnverified, message: message))
    case .connectionLost:
      self = .failed(StoreError.Failure(.connectionLost, message: message))
    case .schemaTooNew:
      self = .failed(StoreError.Failure(.schemaTooNew, message: message))
    case .unexpectedValue:
      self = .failed(StoreError.Failure(.corrupt, message: message))
    case .unexpectedSchema:
      self = .failed(StoreError.Failure(.unexpectedSchema, message: message))
    case .foreignSchema:
      self = .failed(StoreError.Failure(.foreignSchema, message: message))
    case .notMigrated:
      self = .failed(StoreError.Failure(.notMigrated, message: message))
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
