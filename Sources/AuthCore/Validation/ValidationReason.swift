/// Which rule a refused value broke, for programs: a stable snake_case word below the
/// message a person reads (`too_short` under "Use at least 15 characters …").
///
/// A front end names a refused field by joining the field and the reason
/// (`password_too_short`), so the words stay stable when messages are reworded.
public struct ValidationReason: RawRepresentable, Hashable, Sendable {
  /// The stable word.
  public let rawValue: String

  /// A reason by its word.
  public init(rawValue: String) { self.rawValue = rawValue }

  /// Nothing was typed.
  public static let required = ValidationReason(rawValue: "required")
  /// Fewer characters than the rules ask for.
  public static let tooShort = ValidationReason(rawValue: "too_short")
  /// More characters than the rules allow.
  public static let tooLong = ValidationReason(rawValue: "too_long")
  /// A character outside the allowed set.
  public static let invalidCharacters = ValidationReason(rawValue: "invalid_characters")
  /// The first character is not a letter or a digit.
  public static let invalidStart = ValidationReason(rawValue: "invalid_start")
  /// Another account has the name.
  public static let taken = ValidationReason(rawValue: "taken")
  /// The password contains the username.
  public static let containsUsername = ValidationReason(rawValue: "contains_username")
  /// The password contains the service's name.
  public static let containsServiceName = ValidationReason(rawValue: "contains_service_name")
  /// The password is on the list of common passwords.
  public static let tooCommon = ValidationReason(rawValue: "too_common")
  /// The password is mostly a repetition or a run.
  public static let tooPredictable = ValidationReason(rawValue: "too_predictable")
  /// The confirmation does not repeat the password.
  public static let mismatch = ValidationReason(rawValue: "mismatch")
  /// The new password is the one it replaces.
  public static let sameAsCurrent = ValidationReason(rawValue: "same_as_current")
  /// The password was right, but the account must choose a new one before a session starts.
  public static let passwordChangeRequired = ValidationReason(
    rawValue: "password_change_required")
  /// The credentials were refused (one reason for every cause a sign-in may not reveal).
  public static let refused = ValidationReason(rawValue: "refused")
  /// A refusal that names no rule.
  public static let unspecified = ValidationReason(rawValue: "invalid")
}
