import AuthCore
import SodiumLibrary

/// Recovery codes from libsodium's random source, stored as BLAKE2b-256 keyed with a subkey
/// of the `SealingKey`, salted with the account's id and personalised to recovery codes
/// (`crypto_generichash_blake2b_salt_personal`).
///
/// Why the account's id: a hash is then good for its own account only, as the sealed TOTP
/// secret is (`SodiumSecretSealer` binds it with the sealing context). Without it, whoever can
/// write to the database could copy the hashes of one account's codes into another's set, and
/// the first account's codes would sign in to the second. Sets made before codes were bound
/// hold the unbound form (keyed BLAKE2b-256 of the code alone); `firstMatch` still accepts it,
/// since without the codes it cannot be made again, until the set is used up or replaced.
///
/// Why a fast hash is enough: a code carries 50 random bits, too many to guess online through
/// the sign-in throttle, but a fast unkeyed hash of 50 bits could be searched offline by
/// whoever copies the database. The hash's key lives in the key file outside the database,
/// so a copy of the database alone gives nothing to search; a slow hash (Argon2id) would add
/// little to that and cost every use of a code a full hash per stored code.
public struct SodiumRecoveryCodes: RecoveryCodeSource {
  private static let hashCount = 32
  /// BLAKE2b's personalisation (16 bytes): these hashes are of no other kind of message.
  private static let personal = Array("authcli-recovery".utf8)

  private let key: SealingKey
  private var sodium: LibSodium { key.sodium }

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
    defer { sodium.memzero(&random, random.count) }
    while codes.count < count {
      sodium.randomBytes(&random, random.count)
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

  /// Keyed BLAKE2b-256 of the code's 10 characters, salted with the account's id (its 8
  /// bytes, big-endian, then 8 zero bytes: BLAKE2b's salt is 16 bytes).
  public func hash(_ code: RecoveryCode, of userID: UserID) -> RecoveryCodeHash {
    let message = Array(code.characters.utf8)
    var salt = [UInt8](repeating: 0, count: 16)
    withUnsafeBytes(of: userID.rawValue.bigEndian) { salt.replaceSubrange(0..<8, with: $0) }
    var digest = [UInt8](repeating: 0, count: Self.hashCount)
    // Fails only for lengths outside BLAKE2b's limits, and these are inside.
    _ = sodium.genericHashSaltPersonal(
      &digest, digest.count, message, UInt64(message.count), key.recoveryCodeKey,
      key.recoveryCodeKey.count, salt, Self.personal)
    return RecoveryCodeHash(rawValue: digest)
  }

  /// The form sets made before codes were bound to their account hold: keyed BLAKE2b-256
  /// of the code's 10 characters alone. Matched, never made for a new set.
  public func unboundHash(_ code: RecoveryCode) -> RecoveryCodeHash {
    let message = Array(code.characters.utf8)
    var digest = [UInt8](repeating: 0, count: Self.hashCount)
    _ = sodium.genericHash(
      &digest, digest.count, message, UInt64(message.count), key.recoveryCodeKey,
      key.recoveryCodeKey.count)
    return RecoveryCodeHash(rawValue: digest)
  }

  /// Compares both forms of the code's hash with every stored hash by `sodium_memcmp`
  /// (constant time), going on after a match, so the time tells neither whether nor where
  /// it matched.
  public func firstMatch(
    of code: RecoveryCode, of userID: UserID, in hashes: [RecoveryCodeHash]
  ) -> Int? {
    let forms = [hash(code, of: userID).rawValue, unboundHash(code).rawValue]
    var match: Int?
    for (index, stored) in hashes.enumerated() where stored.rawValue.count == Self.hashCount {
      for form in forms {
        let equal = sodium.memcmp(form, stored.rawValue, form.count) == 0
        if equal, match == nil { match = index }
      }
    }
    return match
  }
}
