import AuthCore
import CSodium

/// Recovery codes from libsodium's random source, stored as BLAKE2b-256 keyed with a subkey
/// of the `SealingKey` (`crypto_generichash` with a key).
///
/// Why a fast hash is enough: a code carries 50 random bits, too many to guess online through
/// the sign-in throttle, but a fast unkeyed hash of 50 bits could be searched offline by
/// whoever copies the database. The hash's key lives in the key file outside the database,
/// so a copy of the database alone gives nothing to search; a slow hash (Argon2id) would add
/// little to that and cost every use of a code a full hash per stored code.
public struct SodiumRecoveryCodes: RecoveryCodeSource {
  private static let hashCount = 32

  private let key: SealingKey

  /// Codes whose hashes are keyed with `key`.
  public init(key: SealingKey) {
    self.key = key
  }

  /// `count` distinct codes, each from 7 random bytes of which 50 bits are used (5 per
  /// character: the alphabet has 32, so every character is equally likely).
  public func makeCodes(count: Int) -> [RecoveryCode] {
    var codes: [RecoveryCode] = []
    var seen = Set<RecoveryCode>()
    var random = [UInt8](repeating: 0, count: 7)
    defer { sodium_memzero(&random, random.count) }
    while codes.count < count {
      randombytes_buf(&random, random.count)
      let bits = random.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      let symbols = (0..<RecoveryCode.length).map {
        UInt8(truncatingIfNeeded: bits >> (5 * $0)) & 31
      }
      // Ten symbols below 32 always make a code.
      guard let code = RecoveryCode(symbols: symbols), seen.insert(code).inserted else {
        continue
      }
      codes.append(code)
    }
    return codes
  }

  /// Keyed BLAKE2b-256 of the code's 10 characters.
  public func hash(_ code: RecoveryCode) -> RecoveryCodeHash {
    let message = Array(code.characters.utf8)
    var digest = [UInt8](repeating: 0, count: Self.hashCount)
    // Fails only for lengths outside BLAKE2b's limits, and these are inside.
    _ = crypto_generichash(
      &digest, digest.count, message, UInt64(message.count), key.recoveryCodeKey,
      key.recoveryCodeKey.count)
    return RecoveryCodeHash(rawValue: digest)
  }

  /// Compares the code's hash with every stored hash by `sodium_memcmp` (constant time),
  /// going on after a match, so the time tells neither whether nor where it matched.
  public func firstMatch(of code: RecoveryCode, in hashes: [RecoveryCodeHash]) -> Int? {
    let typed = hash(code).rawValue
    var match: Int?
    for (index, stored) in hashes.enumerated() where stored.rawValue.count == typed.count {
      let equal = sodium_memcmp(typed, stored.rawValue, typed.count) == 0
      if equal, match == nil { match = index }
    }
    return match
  }
}
