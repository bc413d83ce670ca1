/// What the user does on the password-change form.
public enum ChangePasswordInputs: Hashable, Sendable {
  /// Call when the current-password text changes.
  case currentPasswordChanged(String)
  /// Call when the new-password text changes.
  case newPasswordChanged(String)
  /// Call when the confirmation text changes.
  case confirmationChanged(String)
  /// Call when the user submits the form.
  case changeRequested
  /// Call when the user asks to go back without changing anything.
  case backRequested
}
