import AuthCore

/// A session use case with one scripted call per method, recording every request.
public final class SessionUseCaseStub: SessionUseCase {
  /// `currentSession(token:)`; by default alice's session.
  public let currentSessionCall = ScriptedCall<SessionToken, AuthenticatedSession>(
    answer: .success(SampleData.authenticated))
  /// `signOut(token:)`; by default succeeds.
  public let signOutCall = ScriptedCall<SessionToken, Void>(answer: .success(()))
  /// `signOutEverywhere(token:)`; by default three sessions ended.
  public let signOutEverywhereCall = ScriptedCall<SessionToken, Int>(answer: .success(3))
  /// `listSessions(token:)`; by default `SampleData.summaries`.
  public let listSessionsCall = ScriptedCall<SessionToken, [SessionSummary]>(
    answer: .success(SampleData.summaries))
  /// `revokeSession(_:token:)`; by default succeeds.
  public let revokeSessionCall = ScriptedCall<SessionID, Void>(answer: .success(()))
  /// `deleteExpiredSessions()`; by default none.
  public let deleteExpiredSessionsCall = ScriptedCall<Void, Int>(answer: .success(0))

  /// Answers every call with its default.
  public init() {}

  /// Answers from the script.
  public func currentSession(token: SessionToken) async throws(AuthError) -> AuthenticatedSession {
    try await currentSessionCall.call(token)
  }
  /// Answers from the script.
  public func signOut(token: SessionToken) async throws(AuthError) {
    try await signOutCall.call(token)
  }
  /// Answers from the script.
  public func signOutEverywhere(token: SessionToken) async throws(AuthError) -> Int {
    try await signOutEverywhereCall.call(token)
  }
  /// Answers from the script.
  public func listSessions(token: SessionToken) async throws(AuthError) -> [SessionSummary] {
    try await listSessionsCall.call(token)
  }
  /// Answers from the script (the recorded request is the session id).
  public func revokeSession(_ sessionID: SessionID, token: SessionToken) async throws(AuthError) {
    try await revokeSessionCall.call(sessionID)
  }
  /// Answers from the script.
  public func deleteExpiredSessions() async throws(AuthError) -> Int {
    try await deleteExpiredSessionsCall.call(())
  }
}
