import AuthPostgres

/// Exit codes for the PostgreSQL adapter's errors. Messages carry the server's or libpq's
/// reason and the server's name without its password; never a bound value.
enum PostgresErrorReport {
  /// The report for a PostgreSQL error, or `nil` when the error is not one of the adapter's.
  static func report(_ error: any Error) -> ErrorReport? {
    guard let error = error as? PostgresError else { return nil }
    return report(error)
  }

  private static func report(_ error: PostgresError) -> ErrorReport {
    switch error {
    case .libraryMissing:
      ErrorReport(
        code: .unavailable, message: capitalized(error.description),
        hint: "Install libpq (Debian and Ubuntu: apt-get install libpq5).")
    case .connectionFailed, .connectionLost:
      ErrorReport(code: .unavailable, message: capitalized(error.description))
    case .schemaTooNew, .unexpectedValue:
      ErrorReport(code: .invalidData, message: capitalized(error.description))
    case .migrationFailed(_, let underlying):
      underlying.isConnectionFailure
        ? report(underlying)
        : ErrorReport(code: .invalidData, message: capitalized(error.description))
    case .server(let refused):
      ErrorReport(code: code(forSQLState: refused.sqlState), message: "Database error: \(refused)")
    }
  }

  /// SQLSTATE classes that decide an exit code; the rest are authcli's bugs (70).
  private static func code(forSQLState state: String) -> ExitCode {
    switch state.prefix(2) {
    case "08", "57": .unavailable
    case "53", "40", "55": .temporaryFailure
    case "42" where state == "42501": .noPermission
    case "28": .noPermission
    default: .software
    }
  }

  private static func capitalized(_ text: String) -> String {
    text.prefix(1).uppercased() + text.dropFirst()
  }
}
