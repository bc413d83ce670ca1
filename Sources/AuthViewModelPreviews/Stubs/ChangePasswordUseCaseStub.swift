import AuthCore

/// A password-change use case with scripted answers, recording every request.
public final class ChangePasswordUseCaseStub: ChangePasswordUseCase {
  /// The change call: its script, hook and recorded token and request.
  public let changePasswordCall: ScriptedCall<ChangePasswordCall, ChangePasswordResult>

  /// Answers every change with `answer` (by default, changed with two sessions ended).
  public init(
    answer: Result<ChangePasswordResult, AuthError> = .success(.changed(endedSessions: 2))
  ) {
    changePasswordCall = ScriptedCall(answer: answer)
  }

  /// Checks with `StubRules`, the new password against `username` too.
  public func validate(
    _ request: ChangePasswordRequest, username: String
  ) -> ChangePasswordValidation {
    ChangePasswordValidation(
      currentPassword: StubRules.enteredPassword(
        request.currentPassword, emptyMessage: StubRules.enterCurrentPassword),
      newPassword: StubRules.newPassword(request.newPassword, username: username),
      confirmation: StubRules.confirmation(request.confirmation, of: request.newPassword))
  }

  /// Answers from the script.
  public func changePassword(
    token: SessionToken, request: ChangePasswordRequest
  ) async throws(AuthError) -> ChangePasswordResult {
    try await changePasswordCall.call(ChangePasswordCall(token: token, request: request))
  }
}

/// One recorded password change: with which token, what was typed.
public struct ChangePasswordCall: Hashable, Sendable {
  /// The session's token.
  public let token: SessionToken
  /// The fields.
  public let request: ChangePasswordRequest
}
