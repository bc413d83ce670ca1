import AuthCore
import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension PostgresAuthStore {
  /// The statement of every session check, public so that a benchmark can run the very
  /// same one through bare libpq.
  public static var sessionLookupSQL: String {
    PostgresStoreContext.sessionLookup(tokenHash: TokenHash(rawValue: [])).sql
  }
}

extension PostgresStoreContext {
  func authenticatedSession(tokenHash: TokenHash) throws(AuthError) -> AuthenticatedSession? {
    try authenticatedSessionAndStoredHash(tokenHash: tokenHash)?.found
  }

  /// The statement of every session check: the session, its user, and the stored hash in
  /// the same row for the caller's constant-time check.
  static func sessionLookup(tokenHash: TokenHash) -> PostgresQuery {
    """
    SELECT \(userColumns), \(sessionColumns), sessions.token_hash
    FROM sessions JOIN users ON users.id = sessions.user_id
    WHERE sessions.token_hash = \(tokenHash.rawValue)
    """
  }

  /// The hot path of every signed-in command: one statement, one round trip.
  func authenticatedSessionAndStoredHash(
    tokenHash: TokenHash
  ) throws(AuthError) -> (found: AuthenticatedSession, storedHash: TokenHash)? {
    try run { () throws(PostgresError) in
      try database().queryFirst(Self.sessionLookup(tokenHash: tokenHash)) {
        row throws(PostgresError) in
        let found = AuthenticatedSession(
          user: try Self.user(from: row), session: try Self.session(from: row))
        return (found, TokenHash(rawValue: try row.decode([UInt8].self, "token_hash")))
      }
    }
  }
}
