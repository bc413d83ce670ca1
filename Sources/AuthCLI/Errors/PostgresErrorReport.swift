import AuthCore
import AuthPostgres

/// The PostgreSQL adapter's errors from opening a store and from its tools: worded by the
/// adapter's conversion to the port's `StoreError`, the same words a unit of work's failure
/// has.
extension PostgresError: ReportableFailure {
  /// The report for one of the adapter's errors.
  var report: ErrorReport {
    switch self {
    case .notMigrated(_, let firstPending):
      // Worded as the other refusals of a store still to migrate (`users list`, SQLite's).
      ErrorReport(DatabaseOpener.needsMigration(identifier: firstPending))
    default: ErrorReport(StoreError(self))
    }
  }
}
