/// What a person typed to sign in.
public struct SignInRequest: Hashable, Sendable {
  /// The username as typed.
  public var username: String
  /// The password as typed.
  public var password: String
  /// Who asks, for the audit trail of a check another program makes (a PAM service and
  /// the remote host it names); never a secret. `nil` for a person at this front end.
  public var caller: String?
  /// Bundles the fields.
  public init(username: String, password: String, caller: String? = nil) {
    self.username = username
    self.password = password
    self.caller = caller
  }
}

/// The per-field checks of a sign-in form, before anything is asked of storage: the
/// password only "not empty", since old passwords may predate today's rules.
public typealias SignInValidation = UsernamePasswordValidation

/// The per-field checks of a form of a username and a password: a sign-in's
/// (`SignInValidation`) or an operator's new account's (`NewAccountValidation`); the use case
/// that made them decides which rules they apply.
public struct UsernamePasswordValidation: Hashable, Sendable {
  /// The username field (also "taken" after a new account's submit).
  public var username: Validation<Username>
  /// The password field.
  public var password: Validation<Password>
  /// Both fields together.
  public init(username: Validation<Username>, password: Validation<Password>) {
    self.username = username
    self.password = password
  }
  /// Whether every field passed.
  public var isValid: Bool { username.isValid && password.isValid }
}

/// Signs a person in (the source design's `AuthenticationUseCase`).
public protocol AuthenticationUseCase: Sendable {
  /// Checks the fields as typed; pure and cheap, for live feedback.
  func validate(_ request: SignInRequest) -> SignInValidation
  /// Signs in and starts a new session. Unknown user, wrong password and a
  /// locked account all answer the same `.invalid` message after the same work.
  func signIn(request: SignInRequest) async throws(AuthError) -> Validation<NewSession>
  /// The first step: the password. For an account with a second factor, a right password
  /// answers a challenge and starts nothing.
  func beginSignIn(request: SignInRequest) async throws(AuthError) -> Validation<SignInProgress>
  /// The second step: a code or a recovery code for the challenge; starts the session.
  func completeSignIn(
    _ challenge: SecondFactorChallenge, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<NewSession>
  /// Checks a new password as typed for the account of `challenge`; pure and cheap.
  func validate(
    _ request: NewPasswordRequest, for challenge: NewPasswordChallenge
  ) -> NewPasswordValidation
  /// The last step for an account that must choose a new password: stores it, clears the
  /// demand and starts the session, all at once; a field that fails changes nothing.
  func completeSignIn(
    _ challenge: NewPasswordChallenge, newPassword request: NewPasswordRequest
  ) async throws(AuthError) -> NewPasswordAnswer
}

extension AuthenticationUseCase {
  /// One step, for a use case that knows no second factor.
  public func beginSignIn(
    request: SignInRequest
  ) async throws(AuthError) -> Validation<SignInProgress> {
    try await signIn(request: request).map(SignInProgress.signedIn)
  }

  /// No challenge is ever answered by a use case that knows no second factor.
  public func completeSignIn(
    _ challenge: SecondFactorChallenge, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<NewSession> {
    .refused(.expired)
  }

  /// Sign-up's rules with the standard policy, for a use case that asks for no new password.
  public func validate(
    _ request: NewPasswordRequest, for challenge: NewPasswordChallenge
  ) -> NewPasswordValidation {
    challenge.validate(request, rules: .standard)
  }

  /// No challenge is ever answered by a use case that asks for no new password.
  public func completeSignIn(
    _ challenge: NewPasswordChallenge, newPassword request: NewPasswordRequest
  ) async throws(AuthError) -> NewPasswordAnswer {
    .expired
  }
}
