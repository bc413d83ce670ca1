import AuthCore

/// Turns anything a use case throws into words for the user, so that outputs
/// never fail. Never repeats an error's own description, which could carry
/// details (SQL, paths) a user has no use for.
public enum FailureText {
  /// The sentence shown for an error.
  public static func describing(_ error: any Error) -> String {
    switch error {
    case StoreError.busy: busy
    case StoreError.usernameTaken: usernameTaken
    case AuthError.notSignedIn: notSignedIn
    case AuthError.sessionNotFound: "That session is not one of yours, or it already ended."
    default: unexpected
    }
  }

  /// Another process holds the database.
  public static let busy = "The database is busy; try again."
  /// The username belongs to another account (the rules' own words, so a form shows the
  /// same text whether the use case answered with a validation or the store threw).
  public static let usernameTaken = AuthMessages.usernameTaken
  /// The session behind the token is gone.
  public static let notSignedIn = "You are not signed in; sign in again."
  /// Anything else went wrong.
  public static let unexpected = "Something went wrong; nothing was changed. Try again."
}
