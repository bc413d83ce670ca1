import AuthPostgres

/// Exit codes for the PostgreSQL adapter's errors. Messages carry the server's or libpq's
/// reason and the server's name without its password; never a bound value.
enum PostgresErrorReport {
  /// The report for a PostgreSQL error, or `nil` when the error is not one of the adapter's.
  static func report(_ error: any Error) -> ErrorReport? {
    guard let error = error as? PostgresError else { return nil }
    return report(error)
  }

  /// The report for one of the adapter's errors.
  static func report(_ error: PostgresError) -> ErrorReport {
    switch error {
    case .libraryMissing:
      ErrorReport(
        kind: .unavailable, message: capitalized(error.description),
        hint: "Install libpq (Debian and Ubuntu: apt-get install libpq5).")
    case .invalidURI:
      ErrorReport(kind: .usage, message: capitalized(error.description))
    case .connectionFailed, .connectionLost:
      ErrorReport(kind: .unavailable, message: capitalized(error.description))
    case .schemaTooNew:
      ErrorReport(kind: .schemaTooNew, message: capitalized(error.description))
    case .unexpectedValue:
      ErrorReport(kind: .corruptDatabase, message: capitalized(error.description))
    case .unexpectedSchema:
      ErrorReport(kind: .unexpectedSchema, message: capitalized(error.description))
    case .noSchema:
      ErrorReport(kind: .configuration, message: capitalized(error.description))
    case .migrationFailed(_, let underlying):
      underlying.isConnectionFailure
        ? report(underlying)
        : ErrorReport(kind: .migrationFailed, message: capitalized(error.description))
    case .server(let refused):
      ErrorReport(kind: kind(forSQLState: refused.sqlState), message: "Database error: \(refused)")
    }
  }

  /// SQLSTATE classes that decide a kind (and so the exit code); the rest are
  /// authcli's bugs (70).
  private static func kind(forSQLState state: String) -> ErrorKind {
    switch state.prefix(2) {
    case "08", "57": .unavailable
    case "53", "40", "55": .busy
    case "42" where state == "42501": .permissionDenied
    case "28": .permissionDenied
    default: .databaseError
    }
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
