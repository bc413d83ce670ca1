import AuthCore

/// Exit codes for the operators' use cases' refusals.
enum AdministrationErrorReport {
  /// The report for an administration error, or `nil` when the error is not one.
  static func report(_ error: any Error) -> ErrorReport? {
    guard let error = error as? AdministrationError else { return nil }
    switch error {
    case .noSuchAccount(let username):
      return ErrorReport(
        kind: .noSuchAccount, message: "No account named '\(username)'.",
        hint: "List them with 'authcli users list'.")
    case .lockReasonTooLong(let maximum):
      return ErrorReport(
        kind: .usage,
        message: "The value for '--reason <text>' is longer than \(maximum) characters",
        hint: "See 'authcli users lock --help'.")
    }
  }
}
