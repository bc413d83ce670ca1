#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Hashes and verifies passwords. CPU- and memory-heavy by design; the use
/// cases call it from nonisolated async code, never from an actor serving other work.
public protocol PasswordHasher: Sendable {
  /// A self-describing hash string (PHC format, with its parameters and salt).
  func hash(_ password: Password) throws -> String
  /// Whether the password matches the stored hash; false for a malformed hash.
  func verify(_ password: Password, against passwordHash: String) -> Bool
  /// Whether the stored hash was made with other parameters than the current ones.
  func needsRehash(_ passwordHash: String) -> Bool
  /// A well-formed hash at the current cost that no password matches, for the
  /// verify a sign-in runs when there is no account: the same work, every time.
  /// Must be cheap to make, or the first such sign-in in a process takes longer.
  func unmatchableHash() throws -> String
}

extension PasswordHasher {
  /// Hashes a random throwaway password: correct for any hasher, but it costs one
  /// hash, so hashers that can write their format directly should override it.
  public func unmatchableHash() throws -> String {
    try hash(Password(UUID().uuidString + UUID().uuidString))
  }
}
