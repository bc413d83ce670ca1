import AuthCore

extension StoreError {
  /// The adapter's error in the port's terms: its sort, and the server's or libpq's reason
  /// and the server's name without its password; never a bound value, and no step, which
  /// the front end words from the sort.
  public init(_ error: PostgresError) {
    switch error {
    case .migrationFailed(_, let underlying) where underlying.isConnectionFailure:
      self = StoreError(underlying)
    case .server(let refused):
      self = .failed(
        StoreError.Failure(
          Self.kind(forSQLState: refused.sqlState), message: "Database error: \(refused)"))
    default:
      let message = error.description.prefix(1).uppercased() + error.description.dropFirst()
      self = .failed(StoreError.Failure(Self.kind(of: error), message: message))
    }
  }

  /// The sort of each of the adapter's errors but a server's refusal, whose SQLSTATE
  /// decides it.
  private static func kind(of error: PostgresError) -> StoreError.Failure.Kind {
    switch error {
    case .libraryMissing: .libraryMissing
    case .invalidURI: .invalidLocation
    case .connectionFailed: .unreachable
    case .verifiedConnectionFailed: .certificateUnverified
    case .connectionLost: .connectionLost
    case .schemaTooNew: .schemaTooNew
    case .unexpectedValue: .corrupt
    case .unexpectedSchema: .unexpectedSchema
    case .foreignSchema: .foreignSchema
    case .notMigrated: .notMigrated
    case .noSchema: .notConfigured
    case .migrationFailed: .migrationFailed
    case .server(let refused): kind(forSQLState: refused.sqlState)
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
