/// The words the rules answer with, in one place so every front end and test
/// shows the same text.
public enum AuthMessages {
  /// An empty username field.
  public static let enterUsername = "Enter a username"
  /// A username outside its length bounds.
  public static func usernameLength(_ rules: UsernameRules) -> String {
    "Use \(rules.minimumLength) to \(rules.maximumLength) characters"
  }
  /// A username with a character outside `a-z 0-9 . _ -`.
  public static let usernameCharacters = "Use only letters, digits, '.', '_' and '-'"
  /// A username starting with punctuation.
  public static let usernameStart = "Start with a letter or a digit"
  /// A username that belongs to another account.
  public static let usernameTaken = "This username is taken"

  /// An empty new-password field.
  public static let enterPassword = "Enter a password"
  /// An empty password field at sign-in.
  public static let enterYourPassword = "Enter your password"
  /// An empty current-password field.
  public static let enterCurrentPassword = "Enter your current password"
  /// A password below the minimum length.
  public static func passwordTooShort(_ rules: PasswordRules) -> String {
    "Use at least \(rules.minimumLength) characters — a few words make a good passphrase"
  }
  /// A password above the maximum length.
  public static func passwordTooLong(_ rules: PasswordRules) -> String {
    "Use at most \(rules.maximumLength) characters"
  }
  /// A password found in the list of common passwords.
  public static let passwordTooCommon = "This password is too common"
  /// A password that contains the service's name.
  public static let passwordContainsServiceName = "Don't include \"authcli\""
  /// A password made mostly of a repeated unit or of runs such as "abcd", "1234" or "qwer".
  public static let passwordTooPredictable =
    "Avoid repeated characters and runs like abcd, 1234 or qwerty"
  /// A password that contains the username.
  public static let passwordContainsUsername = "Don't include your username"
  /// An empty confirmation field.
  public static let confirmPassword = "Type the password again"
  /// A confirmation that differs from the password.
  public static let passwordsDoNotMatch = "Passwords do not match"
  /// A current password that does not verify.
  public static let currentPasswordIncorrect = "Current password is incorrect"
  /// Too many wrong current passwords in a row for this account.
  public static let tooManyAttempts = "Too many failed attempts — try again in a few minutes"

  /// The one answer to every failed sign-in: unknown user, wrong password and
  /// locked account read the same, so the answer tells nothing about which.
  public static let signInFailed =
    "Incorrect username or password, or too many failed attempts — try again later"

  /// A one-time or recovery code that was wrong, reused or expired.
  public static let incorrectCode =
    "Incorrect code — type the current code from your app, or a recovery code"
  /// A sign-in whose password was right but whose account also asks for a code.
  public static let secondFactorRequired =
    "This account asks for a code from your authenticator app"
  /// A new password at sign-in that is the one it replaces.
  public static let newPasswordSameAsCurrent = "Choose a password other than the one you have now"
  /// A sign-in whose password was right but whose account must choose a new one first.
  public static let passwordChangeRequired =
    "This account must choose a new password before signing in"
}
