import CSodium

/// The cost of one Argon2id hash: passes over memory, and memory in bytes.
public struct Argon2Cost: Hashable, Sendable {
  /// Passes over memory (Argon2's t).
  public var opsLimit: UInt64
  /// Memory in bytes (Argon2's m, times 1024).
  public var memLimit: Int

  /// Sets both numbers.
  public init(opsLimit: UInt64, memLimit: Int) {
    self.opsLimit = opsLimit
    self.memLimit = memLimit
  }

  /// libsodium's INTERACTIVE: 2 passes over 64 MiB — above OWASP's minimum
  /// for Argon2id (19 MiB, 2 passes). The default.
  public static let interactive = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_opslimit_interactive()),
    memLimit: crypto_pwhash_memlimit_interactive())

  /// libsodium's MODERATE: 3 passes over 256 MiB.
  public static let moderate = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_opslimit_moderate()),
    memLimit: crypto_pwhash_memlimit_moderate())

  /// The smallest cost libsodium accepts (1 pass over 8 KiB): for tests only.
  public static let minimum = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_opslimit_min()), memLimit: crypto_pwhash_memlimit_min())

  /// Whether libsodium accepts these numbers.
  public var isWithinLibraryLimits: Bool {
    opsLimit >= UInt64(crypto_pwhash_opslimit_min())
      && opsLimit <= UInt64(crypto_pwhash_opslimit_max())
      && memLimit >= crypto_pwhash_memlimit_min()
      && memLimit <= crypto_pwhash_memlimit_max()
  }
}
