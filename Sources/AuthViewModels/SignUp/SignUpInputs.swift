/// What the user does on the sign-up form.
public enum SignUpInputs: Hashable, Sendable {
  /// Call when the username text changes.
  case usernameChanged(String)
  /// Call when the password text changes.
  case passwordChanged(String)
  /// Call when the password confirmation text changes.
  case confirmationChanged(String)
  /// Call when the user submits the form.
  case signUpRequested
  /// Call when the user asks to sign in to an existing account instead.
  case signInRequested
}
