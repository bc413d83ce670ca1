import AuthCore

/// How a view model that works with a session answers a use-case failure:
/// a dead session steps away, anything else is shown as text.
@MainActor
enum SessionFailure {
  /// Emits `.userIsNotSignedIn` for a dead session and returns `nil`; otherwise
  /// returns the message to show.
  static func message(for error: any Error, navigator: Stepper<AuthStep>) -> String? {
    if case AuthError.notSignedIn = error {
      navigator.emit(.userIsNotSignedIn)
      return nil
    }
    return FailureText.describing(error)
  }
}
