import AuthCore

/// A sign-in use case with scripted answers, recording every request.
public final class AuthenticationUseCaseStub: AuthenticationUseCase {
  /// The sign-in call: its script, hook and recorded requests.
  public let signInCall: ScriptedCall<SignInRequest, Validation<NewSession>>
  /// The second step: every code it was given, and what it answers.
  public let completeCall: ScriptedCall<String, SecondFactorAnswer<NewSession>>
  /// The new-password step: every request it was given, and what it answers.
  public let newPasswordCall: ScriptedCall<NewPasswordRequest, NewPasswordAnswer>

  /// Answers every sign-in with `answer` (by default, alice's new session).
  public init(
    answer: Result<Validation<NewSession>, AuthError> = .success(.valid(SampleData.newSession))
  ) {
    signInCall = ScriptedCall(answer: answer)
    completeCall = ScriptedCall(answer: .success(.accepted(SampleData.newSession)))
    newPasswordCall = ScriptedCall(answer: .success(.accepted(SampleData.newSession)))
  }

  /// Checks with `StubRules`.
  public func validate(_ request: SignInRequest) -> SignInValidation {
    SignInValidation(
      username: StubRules.username(request.username),
      password: StubRules.enteredPassword(
        request.password, emptyMessage: StubRules.enterYourPassword))
  }

  /// Answers from the script.
  public func signIn(request: SignInRequest) async throws(AuthError) -> Validation<NewSession> {
    try await signInCall.call(request)
  }

  /// Answers what `completeCall` holds.
  public func completeSignIn(
    _ challenge: SecondFactorChallenge, code: String
  ) async throws(AuthError) -> SecondFactorAnswer<NewSession> {
    try await completeCall.call(code)
  }

  /// Checks with `StubRules`, against the challenge's name.
  public func validate(
    _ request: NewPasswordRequest, for challenge: NewPasswordChallenge
  ) -> NewPasswordValidation {
    NewPasswordValidation(
      newPassword: StubRules.newPassword(request.newPassword, username: challenge.username),
      confirmation: StubRules.confirmation(request.confirmation, of: request.newPassword))
  }

  /// Answers what `newPasswordCall` holds.
  public func completeSignIn(
    _ challenge: NewPasswordChallenge, newPassword request: NewPasswordRequest
  ) async throws(AuthError) -> NewPasswordAnswer {
    try await newPasswordCall.call(request)
  }
}
