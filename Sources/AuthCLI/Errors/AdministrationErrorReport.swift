import AuthCore

/// Exit codes for the operators' use cases' refusals.
extension AdministrationError: ReportableFailure {
  /// The report for an operator's refused request.
  var report: ErrorReport {
    switch self {
    case .noSuchAccount(let username):
      ErrorReport(kind: .noSuchAccount, message: "No account named '\(username)'.")
    case .lockReasonTooLong(let maximum):
      ErrorReport(
        kind: .usage,
        message: "The value for '--reason <text>' is longer than \(maximum) characters",
        hint: "See 'authcli users lock --help'.")
    case .noSuchGroup(let name):
      ErrorReport(kind: .noSuchGroup, message: "No group named '\(name)'.")
    case .invalidGroupName(let name, let message):
      ErrorReport(
        kind: .usage, message: "'\(name)' is not a group name: \(message)",
        hint: "See 'authcli groups --help'.")
    }
  }
}
