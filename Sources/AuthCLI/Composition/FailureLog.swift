import Synchronization

/// The failures the use cases threw during one command, as error reports.
///
/// View models turn errors into display text (their outputs never fail); a scripted
/// command still needs the exact exit code, so the composition root wraps each use case
/// to note what it threw, and the command consults the log after the view model is done.
final class FailureLog: Sendable {
  private let reports = Mutex<[ErrorReport]>([])

  /// An empty log.
  init() {}

  /// Notes a failure.
  func record(_ error: any Error) {
    let report = ErrorReport(error)
    reports.withLock { $0.append(report) }
  }

  /// The most recent failure, if any.
  var last: ErrorReport? { reports.withLock { $0.last } }
}
