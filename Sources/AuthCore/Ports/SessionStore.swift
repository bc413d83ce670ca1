#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sessions, inside a transaction. Tokens are never seen here, only their hashes.
public protocol SessionStore {
  /// Starts a session for a user; a missing user is refused by the foreign key.
  func insertSession(
    userID: UserID, tokenHash: TokenHash, createdAt: Date, expiresAt: Date
  ) throws(AuthError) -> Session
  /// The session with this token hash joined with its user, whether expired or not.
  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession?
  /// The stored token hash of a session, for a constant-time check after lookup.
  func tokenHash(of sessionID: SessionID) throws(AuthError) -> TokenHash?
  /// The session with this token hash joined with its user, with the hash as stored, for
  /// a constant-time check without a second lookup.
  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)?
  /// Records a use: moves `lastUsedAt` and the sliding `expiresAt`.
  func touchSession(_ sessionID: SessionID, lastUsedAt: Date, expiresAt: Date) throws(AuthError)
  /// Ends one session; returns whether it existed.
  @discardableResult
  func deleteSession(_ sessionID: SessionID) throws(AuthError) -> Bool
  /// Ends every session of a user except `keeping`; returns how many ended.
  @discardableResult
  func deleteSessions(of userID: UserID, except keeping: SessionID?) throws(AuthError) -> Int
  /// A user's sessions, newest first.
  func sessions(of userID: UserID) throws(AuthError) -> [Session]
  /// Deletes sessions whose `expiresAt` is at or before `time`, at most `limit` of them
  /// when a limit is given (which ones is up to the store); returns how many.
  func deleteExpiredSessions(asOf time: Date, limit: Int?) throws(AuthError) -> Int
  /// How many sessions have an `expiresAt` at or before `time`.
  func countExpiredSessions(asOf time: Date) throws(AuthError) -> Int
}

extension SessionStore {
  /// Deletes every session whose `expiresAt` is at or before `time`; returns how many.
  public func deleteExpiredSessions(asOf time: Date) throws(AuthError) -> Int {
    try deleteExpiredSessions(asOf: time, limit: nil)
  }
}

extension SessionStore {
  /// Two lookups: the session, then its stored hash. Adapters that can read both in one
  /// query implement the requirement themselves.
  public func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    guard let found = try authenticatedSession(tokenHash: tokenHash),
      let stored = try self.tokenHash(of: found.session.id)
    else { return nil }
    return (found, stored)
  }
}
