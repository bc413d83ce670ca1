import AuthCore
import AuthViewModels

/// Exit codes and messages for the failures the view models show. The exit code comes
/// from the failure's case; scripted commands keep their own wording, which names the
/// cause more exactly than a scene's one-line message.
enum SceneFailureReport {
  /// The report for a scene failure, or `nil` when the error is not one.
  static func report(_ error: any Error) -> ErrorReport? {
    switch error {
    case let failure as SignInFailure: report(failure)
    case let failure as SignUpFailure: report(failure)
    case let failure as AccountFailure: report(failure)
    case let failure as SessionsFailure: report(failure)
    case let failure as ChangePasswordFailure: report(failure)
    case let failure as UnexpectedFailure: ErrorReport(failure.underlying)
    default: nil
    }
  }

  private static func report(_ failure: SignInFailure) -> ErrorReport {
    switch failure {
    case .refused: ErrorReport(CLIError.signInRefused(failure.description))
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): ErrorReport(unexpected.underlying)
    }
  }

  private static func report(_ failure: SignUpFailure) -> ErrorReport {
    switch failure {
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): ErrorReport(unexpected.underlying)
    }
  }

  private static func report(_ failure: AccountFailure) -> ErrorReport {
    switch failure {
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): ErrorReport(unexpected.underlying)
    }
  }

  private static func report(_ failure: SessionsFailure) -> ErrorReport {
    switch failure {
    case .sessionNotFound: ErrorReport(AuthError.sessionNotFound)
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): ErrorReport(unexpected.underlying)
    }
  }

  private static func report(_ failure: ChangePasswordFailure) -> ErrorReport {
    switch failure {
    // A refused current password is a credential failure, like a refused sign-in.
    case .currentPasswordRefused(let refusal):
      ErrorReport(CLIError.signInRefused("current password: " + refusal.description))
    case .sessionEnded: ErrorReport(AuthError.notSignedIn)
    case .busy: ErrorReport(StoreError.busy)
    case .unexpected(let unexpected): ErrorReport(unexpected.underlying)
    }
  }
}
