import CSodium
import SodiumLibrary

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

  // The three named costs are libsodium's constants for Argon2id as its header states them
  // (`crypto_pwhash_OPSLIMIT_INTERACTIVE` is Argon2id's): known without opening the
  // library, so naming a cost never fails.

  /// libsodium's INTERACTIVE: 2 passes over 64 MiB — above OWASP's minimum
  /// for Argon2id (19 MiB, 2 passes). The default.
  public static let interactive = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_INTERACTIVE),
    memLimit: Int(crypto_pwhash_argon2id_MEMLIMIT_INTERACTIVE))

  /// libsodium's MODERATE: 3 passes over 256 MiB.
  public static let moderate = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MODERATE),
    memLimit: Int(crypto_pwhash_argon2id_MEMLIMIT_MODERATE))

  /// The smallest cost libsodium accepts (1 pass over 8 KiB): for tests only.
  public static let minimum = Argon2Cost(
    opsLimit: UInt64(crypto_pwhash_argon2id_OPSLIMIT_MIN),
    memLimit: Int(crypto_pwhash_argon2id_MEMLIMIT_MIN))

  /// Whether libsodium accepts these numbers; `false` when it cannot be opened.
  public var isWithinLibraryLimits: Bool {
    guard case .success(let sodium) = LibSodium.shared else { return false }
    return opsLimit >= UInt64(sodium.opsLimitMin())
      && opsLimit <= UInt64(sodium.opsLimitMax())
      && memLimit >= sodium.memLimitMin()
      && memLimit <= sodium.memLimitMax()
  }
}
