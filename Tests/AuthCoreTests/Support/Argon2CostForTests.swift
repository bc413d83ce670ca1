import AuthCrypto

enum Argon2CostForTests {
  /// Cheap, but different from `.minimum`, so hashes made at the minimum need a rehash.
  static let slightlyAboveMinimum = Argon2Cost(
    opsLimit: Argon2Cost.minimum.opsLimit + 1, memLimit: Argon2Cost.minimum.memLimit * 2)
}
