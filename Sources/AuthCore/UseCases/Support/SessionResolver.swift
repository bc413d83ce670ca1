#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds the live session behind a token, inside a unit of work (`lookUp`, `read` or `write`).
struct SessionResolver {
  /// Hashes and compares tokens.
  let tokens: any TokenSource
  /// The lifetimes a live session keeps within.
  let rules: SessionRules

  /// The token's hash, or `notSignedIn` when the text cannot be one of our tokens.
  func hash(of token: SessionToken) throws(AuthError) -> TokenHash {
    guard let hash = tokens.hash(token) else { throw .notSignedIn }
    return hash
  }

  /// The session with this token hash if it exists and is active at `now` (see
  /// `Session.isActive(at:rules:)`).
  ///
  /// The lookup goes through an index on the hash; the stored hash it returns is then
  /// compared again in constant time, so no code path compares secrets with `==`.
  func resolve(
    _ hash: TokenHash, at now: Date, in context: any AuthStoreContext
  ) throws(AuthError)
    -> AuthenticatedSession
  {
    guard let (found, stored) = try context.authenticatedSessionAndStoredHash(tokenHash: hash),
      tokens.hashesMatch(stored, hash),
      found.session.isActive(at: now, rules: rules)
    else { throw AuthError.notSignedIn }
    return found
  }
}
