/// Checks a password for another program without starting a session (`authcli verify`,
/// like `htpasswd -v`).
public protocol PasswordCheckUseCase: Sendable {
  /// The account when the password is right; otherwise the one sign-in refusal, after the
  /// same throttle, work and audit as a sign-in. A name that breaks the format rules
  /// answers that rule's message without touching storage.
  func verify(request: SignInRequest) async throws(AuthError) -> Validation<User>
}
