import AuthCore

/// A sign-up use case with scripted answers, recording every request.
public final class SignUpUseCaseStub: SignUpUseCase {
  /// The sign-up call: its script, hook and recorded requests.
  public let signUpCall: ScriptedCall<SignUpRequest, SignUpResult>

  /// Answers every sign-up with `answer` (by default, alice's new session).
  public init(answer: Result<SignUpResult, AuthError> = .success(.signedUp(SampleData.newSession)))
  {
    signUpCall = ScriptedCall(answer: answer)
  }

  /// Checks with `StubRules`.
  public func validate(_ request: SignUpRequest) -> SignUpValidation {
    SignUpValidation(
      username: StubRules.username(request.username),
      password: StubRules.newPassword(request.password, username: request.username),
      confirmation: StubRules.confirmation(request.confirmation, of: request.password))
  }

  /// Answers from the script.
  public func signUp(request: SignUpRequest) async throws(AuthError) -> SignUpResult {
    try await signUpCall.call(request)
  }
}
