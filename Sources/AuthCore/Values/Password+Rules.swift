extension Password {
  /// The service's own name, a context word no password may contain.
  public static let serviceName = "authcli"

  /// Checks a new password: length in code points after NFKC, not containing the
  /// username or the service's name, not on the common-passwords list, not mostly a
  /// repetition or a run (`PredictablePassword`). No composition rules.
  ///
  /// - Parameter username: the account's username, as typed or canonical; the
  ///   rule compares its canonical form with the lowercased password. Empty
  ///   skips that rule.
  public static func validate(
    _ raw: String, username: String, rules: PasswordRules = .standard
  ) -> Validation<Password> {
    guard !raw.isEmpty else {
      return .invalid(errorMessage: AuthMessages.enterPassword, reason: .required)
    }
    let password = Password(raw)
    let length = password.normalized.unicodeScalars.count
    if length < rules.minimumLength {
      return .invalid(errorMessage: AuthMessages.passwordTooShort(rules), reason: .tooShort)
    }
    if length > rules.maximumLength {
      return .invalid(errorMessage: AuthMessages.passwordTooLong(rules), reason: .tooLong)
    }
    let lowercased = password.normalized.lowercased()
    let canonicalName = Username.canonicalize(username)
    // A word is in the password when one of the password's suffixes starts with it.
    let suffixes = lowercased.indices.map { lowercased[$0...] }
    if !canonicalName.isEmpty, suffixes.contains(where: { $0.hasPrefix(canonicalName) }) {
      return .invalid(
        errorMessage: AuthMessages.passwordContainsUsername, reason: .containsUsername)
    }
    if suffixes.contains(where: { $0.hasPrefix(Self.serviceName) }) {
      return .invalid(
        errorMessage: AuthMessages.passwordContainsServiceName, reason: .containsServiceName)
    }
    if CommonPasswords.contains(password.normalized) {
      return .invalid(errorMessage: AuthMessages.passwordTooCommon, reason: .tooCommon)
    }
    if PredictablePassword.isPredictable(lowercased) {
      return .invalid(errorMessage: AuthMessages.passwordTooPredictable, reason: .tooPredictable)
    }
    return .valid(password)
  }

  /// Checks a password typed to prove who someone is: only that it is not empty,
  /// because a stored password may predate today's rules.
  public static func validateEntered(
    _ raw: String, emptyMessage: String = AuthMessages.enterYourPassword
  ) -> Validation<Password> {
    raw.isEmpty ? .invalid(errorMessage: emptyMessage, reason: .required) : .valid(Password(raw))
  }

  /// Checks that a confirmation repeats the password (compared after NFKC).
  public static func validateConfirmation(
    _ confirmation: String, of password: String
  ) -> Validation<Password> {
    guard !confirmation.isEmpty else {
      return .invalid(errorMessage: AuthMessages.confirmPassword, reason: .required)
    }
    let confirmed = Password(confirmation)
    guard confirmed == Password(password) else {
      return .invalid(errorMessage: AuthMessages.passwordsDoNotMatch, reason: .mismatch)
    }
    return .valid(confirmed)
  }
}
