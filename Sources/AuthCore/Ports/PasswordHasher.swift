/// Hashes and verifies passwords. CPU- and memory-heavy by design; the use
/// cases call it from nonisolated async code, never from an actor serving other work.
public protocol PasswordHasher: Sendable {
  /// A self-describing hash string (PHC format, with its parameters and salt).
  func hash(_ password: Password) throws -> String
  /// Whether the password matches the stored hash; false for a malformed hash.
  func verify(_ password: Password, against passwordHash: String) -> Bool
  /// Whether the stored hash was made with other parameters than the current ones.
  func needsRehash(_ passwordHash: String) -> Bool
}
