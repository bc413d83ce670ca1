/// Everything done with an existing session's token.
public protocol SessionUseCase: Sendable {
  /// The user and session behind a token; renews the session's idle expiry.
  /// Throws `AuthError.notSignedIn` for an unknown, expired or revoked token.
  func currentSession(token: SessionToken) async throws(AuthError) -> AuthenticatedSession
  /// Ends this session. Throws `AuthError.notSignedIn` when it already ended.
  func signOut(token: SessionToken) async throws(AuthError)
  /// Ends every session of the token's user; returns how many ended.
  func signOutEverywhere(token: SessionToken) async throws(AuthError) -> Int
  /// The token's user's sessions, newest first, the current one marked.
  func listSessions(token: SessionToken) async throws(AuthError) -> [SessionSummary]
  /// Ends one of the token's user's own sessions. Throws `AuthError.sessionNotFound`
  /// for an id that is not theirs.
  func revokeSession(_ sessionID: SessionID, token: SessionToken) async throws(AuthError)
  /// Deletes every expired session; returns how many.
  func deleteExpiredSessions() async throws(AuthError) -> Int
}
