#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A token made outside a transaction, ready to be stored as a session.
struct PendingSession {
  /// The secret for the client.
  let token: SessionToken
  /// What storage keeps.
  let hash: TokenHash

  /// Makes a fresh token and its hash.
  init(tokens: any TokenSource) throws(AuthError) {
    let token = tokens.makeToken()
    guard let hash = tokens.hash(token) else { throw .tokens(.unhashableToken) }
    self.token = token
    self.hash = hash
  }

  /// Stores the session for a user; it expires at the earlier of the absolute
  /// and the idle limit.
  func start(
    for user: User, at now: Date, rules: SessionRules, in context: any AuthStoreContext
  ) throws(AuthError) -> NewSession {
    let expiresAt = now.addingTimeInterval(min(rules.absoluteLifetime, rules.idleTimeout))
    let session = try context.insertSession(
      userID: user.id, tokenHash: hash, createdAt: now, expiresAt: expiresAt)
    return NewSession(
      authenticated: AuthenticatedSession(user: user, session: session), token: token)
  }
}
