import AuthCore

extension LegacyHashVerifier {
  /// A verification's cost in Argon2id's KiB × passes taking the same time, as the one rule
  /// counts it from the hash's whole setting (`LegacyPasswordHash.work`, `HashWorkRule`).
  public func work(of hash: LegacyPasswordHash) -> Int { hash.work }
}
