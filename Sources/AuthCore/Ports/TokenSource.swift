/// Makes session tokens and the hashes that storage keeps of them.
public protocol TokenSource: Sendable {
  /// A new token from a cryptographically secure random source.
  func makeToken() -> SessionToken
  /// The hash to store and look up; `nil` when the text cannot be a token of ours.
  func hash(_ token: SessionToken) -> TokenHash?
  /// Compares two hashes in constant time.
  func hashesMatch(_ lhs: TokenHash, _ rhs: TokenHash) -> Bool
}
