import AuthCore
import AuthViewModels

// Exit codes and messages for the failures the view models show. The exit code comes
// from the failure's case; scripted commands keep their own wording, which names the
// cause more exactly than a scene's one-line message.

extension SignInFailure: ReportableFailure {
  /// The report for a failed sign-in.
  var report: ErrorReport {
    switch self {
    case .refused: ErrorReport(CLIError.signInRefused(description))
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension SecondFactorFailure: ReportableFailure {
  /// The report for a refused code: 77 for a wrong or throttled code, 78 for the key.
  var report: ErrorReport {
    switch self {
    case .incorrectCode, .tooManyAttempts:
      ErrorReport(kind: .incorrectCode, message: description + ".")
    case .expired: ErrorReport(CLIError.signInRefused(description))
    case .keyUnavailable:
      ErrorReport(kind: .secondFactorKey, message: description + ".")
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension NewPasswordFailure: ReportableFailure {
  /// The report for a new password that started no session: an expired challenge is a
  /// refused sign-in, to start again.
  var report: ErrorReport {
    switch self {
    case .expired: ErrorReport(CLIError.signInRefused(description))
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension SignUpFailure: ReportableFailure {
  /// The report for a failed sign-up.
  var report: ErrorReport {
    switch self {
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension AccountFailure: ReportableFailure {
  /// The report for a failure of the account scene.
  var report: ErrorReport {
    switch self {
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension SessionsFailure: ReportableFailure {
  /// The report for a failure of the sessions scene.
  var report: ErrorReport {
    switch self {
    case .sessionNotFound: ErrorReport(AuthError.sessionNotFound)
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension ChangePasswordFailure: ReportableFailure {
  /// The report for a failed password change.
  var report: ErrorReport {
    switch self {
    // A refused current password is a credential failure, like a refused sign-in; the
    // step names no username, which the signed-in user does not type here.
    case .currentPasswordRefused(let refusal):
      ErrorReport(
        kind: .badCredentials, message: "current password: " + refusal.description,
        hint: ErrorKind.currentPasswordStep)
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): unexpected.report
    }
  }
}

extension UnexpectedFailure: ReportableFailure {
  /// The report for what the use case threw, which the scene does not name.
  var report: ErrorReport { ErrorReport(underlying) }
}
