/// What the user does on the start scene.
public enum AuthenticateInputs: Hashable, Sendable {
  /// Call when the user chooses to sign in.
  case signInChosen
  /// Call when the user chooses to create an account.
  case signUpChosen
  /// Call when the user chooses to leave.
  case quitChosen
}
