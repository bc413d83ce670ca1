import AuthCore

/// Simple field rules with fixed words, for stubs: they mimic the real rules'
/// kinds of answers (empty, too short, too common, contains the username,
/// does not match) without depending on their exact text.
public enum StubRules {
  /// An empty username.
  public static let enterUsername = "stub: enter a username"
  /// A username under three characters.
  public static let usernameTooShort = "stub: username too short"
  /// An empty sign-in password.
  public static let enterYourPassword = "stub: enter your password"
  /// An empty new password.
  public static let enterPassword = "stub: enter a password"
  /// A new password under fifteen characters.
  public static let passwordTooShort = "stub: password too short"
  /// A new password in `commonPasswords`.
  public static let passwordTooCommon = "stub: password too common"
  /// A new password containing the username.
  public static let passwordContainsUsername = "stub: password contains the username"
  /// An empty confirmation.
  public static let confirmPassword = "stub: type the password again"
  /// A confirmation unlike the password.
  public static let passwordsDoNotMatch = "stub: passwords do not match"
  /// An empty current password.
  public static let enterCurrentPassword = "stub: enter your current password"
  /// The passwords the stubs call too common.
  public static let commonPasswords: Set<String> = ["passwordpassword", "123456789012345"]

  /// A username: not empty, at least three characters, then the real canonical form.
  public static func username(_ raw: String) -> Validation<Username> {
    if raw.isEmpty { return .invalid(errorMessage: enterUsername) }
    if raw.count < 3 { return .invalid(errorMessage: usernameTooShort) }
    return Username.validate(raw)
  }

  /// A password to sign in with, or the current one: only "not empty".
  public static func enteredPassword(_ raw: String, emptyMessage: String) -> Validation<Password> {
    raw.isEmpty ? .invalid(errorMessage: emptyMessage) : .valid(Password(raw))
  }

  /// A new password: not empty, fifteen or more, not common, not containing the username.
  public static func newPassword(_ raw: String, username: String) -> Validation<Password> {
    if raw.isEmpty { return .invalid(errorMessage: enterPassword) }
    if raw.count < 15 { return .invalid(errorMessage: passwordTooShort) }
    if commonPasswords.contains(raw) { return .invalid(errorMessage: passwordTooCommon) }
    let name = username.lowercased()
    if !name.isEmpty, raw.lowercased().contains(name) {
      return .invalid(errorMessage: passwordContainsUsername)
    }
    return .valid(Password(raw))
  }

  /// A confirmation: not empty, equal to the password.
  public static func confirmation(_ raw: String, of password: String) -> Validation<Password> {
    if raw.isEmpty { return .invalid(errorMessage: confirmPassword) }
    return raw == password ? .valid(Password(raw)) : .invalid(errorMessage: passwordsDoNotMatch)
  }
}
