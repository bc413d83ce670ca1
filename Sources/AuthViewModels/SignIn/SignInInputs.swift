/// What the user does on the sign-in form.
public enum SignInInputs: Hashable, Sendable {
  /// Call when the username text changes.
  case usernameChanged(String)
  /// Call when the password text changes.
  case passwordChanged(String)
  /// Call when the user submits the form.
  case signInRequested
  /// Call when the user asks to create an account instead.
  case signUpRequested
}
