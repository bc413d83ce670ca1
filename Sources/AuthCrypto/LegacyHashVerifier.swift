import AuthCore
import CSodium
import SodiumLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Verifies imported hashes (`LegacyPasswordHash`) through maintained libraries:
/// - bcrypt, SHA-512-crypt, SHA-256-crypt and yescrypt through libxcrypt's `crypt_rn`, whose
///   settings `crypt_checksalt` judges first;
/// - Django's `bcrypt_sha256` as Django defines it: bcrypt (libxcrypt) over the lowercase hex
///   of the password's SHA-256 (libsodium's `crypto_hash_sha256` and `sodium_bin2hex`);
/// - Django's `pbkdf2_sha256` and `pbkdf2_sha1` through Nettle's `pbkdf2_hmac_sha256` and
///   `pbkdf2_hmac_sha1`, the checksum read with libsodium's base64 (Foundation's `Data`
///   would link the rest of FoundationEssentials);
/// - Django's `scrypt` through libsodium's `crypto_pwhash_scryptsalsa208sha256_ll`;
/// - Argon2id, Django's and authcli's own, through libsodium's `crypto_pwhash_str_verify`.
///
/// Every checksum is compared with `sodium_memcmp`, in time independent of its content.
/// The copies of the password this type makes are wiped with `sodium_memzero`.
///
/// A wrong password must be answered in the time of a verify at the current cost. Sign-in
/// pads it up to the time the hasher has measured (`Argon2idHasher`), but a process that has
/// measured none yet (a `signin` or `verify --pam` process's only attempt) has only the rate
/// table (`work(of:)`), and the table cannot follow the machine: Argon2id's speed, bound by
/// memory, moves by a third from one minute to the next on a shared machine while bcrypt's,
/// SHA-crypt's and PBKDF2's, bound by the processor, stay put. So a verifier made with
/// `init(timingBeside:)` runs those processor-bound schemes, in such a process, beside one
/// verify at the current cost on a thread of its own, and answers when both have ended: in
/// that verify's time, which the hasher keeps as its first measure. Memory-bound schemes
/// (yescrypt, Argon2) move with Argon2id, so the table holds for them, and beside it they
/// would slow each other down; a process with one processor to use (`ProcessorBudget`, a
/// container's CPU quota included) would run the two one after the other. Both keep to the
/// table.
public struct LegacyHashVerifier: LegacyPasswordVerifier {
  /// The hasher whose verify at the current cost runs beside a processor-bound scheme's
  /// until it has timed one; `nil`: none runs.
  private let timingHasher: Argon2idHasher?
  /// libsodium, opened when the verifier is made.
  private let sodium: LibSodium

  /// Opens and prepares libsodium (the SHA-256, the comparisons and Argon2id use it). A
  /// wrong password is padded by the sign-in alone (see the type's notes).
  public init() throws(SodiumError) {
    sodium = try Sodium.library()
    timingHasher = nil
  }

  /// As `init()`, and until `hasher` has timed a verify at its current cost, a
  /// processor-bound scheme's verify runs beside one (see the type's notes).
  public init(timingBeside hasher: Argon2idHasher) throws(SodiumError) {
    sodium = hasher.sodium
    timingHasher = hasher
  }

  /// Asks the library of the hash's scheme whether it takes the setting.
  public func check(_ hash: LegacyPasswordHash) throws(LegacyPasswordVerifierError) {
    switch hash.scheme {
    case .bcrypt, .sha512Crypt, .sha256Crypt, .yescrypt:
      try Crypt.check(setting: hash.text, scheme: hash.scheme)
    case .djangoBcryptSHA256:
      try Crypt.check(setting: DjangoFields.bcryptSetting(of: hash), scheme: hash.scheme)
    case .djangoPBKDF2SHA256, .djangoPBKDF2SHA1:
      _ = try DjangoFields.pbkdf2(of: hash, sodium)
    case .djangoScrypt:
      _ = try DjangoFields.scrypt(of: hash, sodium)
    case .djangoArgon2id, .argon2id:
      try Argon2.check(hash, sodium)
    }
  }

  /// Runs the scheme in full and compares; see `LegacyPasswordVerifier` for the duties kept,
  /// and the type's notes for the verify at the current cost that may run beside it.
  public func verify(
    _ password: Password, against hash: LegacyPasswordHash
  ) throws(LegacyPasswordVerifierError) -> Bool {
    try check(hash)
    if let hasher = timingHasher, !hasher.hasTimedCurrentCost, hash.scheme.isProcessorBound,
      ProcessorBudget.current > 1,
      let outcome = SideThread.run(
        { hasher.timeOneVerifyAtCurrentCost() },
        while: {
          Result { () throws(LegacyPasswordVerifierError) in try verifyChecked(password, hash) }
        })
    {
      return try outcome.get()
    }
    return try verifyChecked(password, hash)
  }

  /// The scheme's verify of a hash whose setting `check(_:)` took.
  private func verifyChecked(
    _ password: Password, _ hash: LegacyPasswordHash
  ) throws(LegacyPasswordVerifierError) -> Bool {
    var bytes = Array(password.verbatim.utf8)
    defer { Self.wipe(&bytes, sodium) }
    switch hash.scheme {
    case .bcrypt, .sha512Crypt, .sha256Crypt, .yescrypt:
      return try Crypt.matches(phrase: bytes, setting: hash.text, scheme: hash.scheme, sodium)
    case .djangoBcryptSHA256:
      var hex = Self.sha256Hex(of: bytes, sodium)
      defer { Self.wipe(&hex, sodium) }
      let setting = try DjangoFields.bcryptSetting(of: hash)
      return try Crypt.matches(phrase: hex, setting: setting, scheme: hash.scheme, sodium)
    case .djangoPBKDF2SHA256, .djangoPBKDF2SHA1:
      return try Self.pbkdf2Matches(bytes, DjangoFields.pbkdf2(of: hash, sodium), sodium)
    case .djangoScrypt:
      return try Self.scryptMatches(bytes, DjangoFields.scrypt(of: hash, sodium), sodium)
    case .djangoArgon2id, .argon2id:
      return try Argon2.matches(bytes, hash, sodium)
    }
  }

  /// The lowercase hex of the SHA-256 of `bytes` (64 ASCII bytes), as Django's
  /// `binascii.hexlify(hashlib.sha256(password).digest())`.
  private static func sha256Hex(of bytes: [UInt8], _ sodium: LibSodium) -> [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    defer { wipe(&digest, sodium) }
    _ = sodium.sha256(&digest, bytes, UInt64(bytes.count))
    var hex = [CChar](repeating: 0, count: digest.count * 2 + 1)
    defer { hex.withUnsafeMutableBytes { sodium.memzero($0.baseAddress, $0.count) } }
    _ = sodium.bin2hex(&hex, hex.count, digest, digest.count)
    return hex.dropLast().map { UInt8(bitPattern: $0) }
  }

  /// PBKDF2-HMAC-SHA256 (or, for `pbkdf2_sha1`, SHA-1) over the password with Django's salt
  /// and iterations, compared with the stored checksum.
  private static func pbkdf2Matches(
    _ password: [UInt8], _ fields: DjangoFields.PBKDF2, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> Bool {
    guard case .success(let nettle) = LibNettle.shared else {
      throw .refusedByLibrary(fields.sha1 ? .djangoPBKDF2SHA1 : .djangoPBKDF2SHA256)
    }
    var derived = [UInt8](repeating: 0, count: fields.checksum.count)
    defer { wipe(&derived, sodium) }
    // A trailing NUL gives an empty password an address; it is not part of the key.
    var key = password + [0]
    defer { wipe(&key, sodium) }
    let salt = Array(fields.salt.utf8)
    key.withUnsafeBufferPointer { keyBuffer in
      salt.withUnsafeBufferPointer { saltBuffer in
        if fields.sha1 {
          nettle.pbkdf2HMACSHA1(
            password.count, keyBuffer.baseAddress, fields.iterations, saltBuffer.count,
            saltBuffer.baseAddress, derived.count, &derived)
        } else {
          nettle.pbkdf2HMACSHA256(
            password.count, keyBuffer.baseAddress, fields.iterations, saltBuffer.count,
            saltBuffer.baseAddress, derived.count, &derived)
        }
      }
    }
    return sodium.memcmp(derived, fields.checksum, derived.count) == 0
  }

  /// scrypt over the password with Django's salt, N, r and p, compared with the stored 64
  /// bytes. Only a failed allocation is told apart from a mismatch.
  private static func scryptMatches(
    _ password: [UInt8], _ fields: DjangoFields.Scrypt, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> Bool {
    var derived = [UInt8](repeating: 0, count: fields.checksum.count)
    defer { wipe(&derived, sodium) }
    var key = password + [0]
    defer { wipe(&key, sodium) }
    // A trailing NUL gives each an address, as for the key; neither is counted.
    let salt = Array(fields.salt.utf8) + [0]
    errno = 0
    let status = key.withUnsafeBufferPointer { keyBuffer in
      salt.withUnsafeBufferPointer { saltBuffer in
        guard let keyAddress = keyBuffer.baseAddress, let saltAddress = saltBuffer.baseAddress
        else { return Int32(-1) }
        return sodium.scryptLowLevel(
          keyAddress, password.count, saltAddress, saltBuffer.count - 1, fields.blocks,
          fields.blockSize, fields.lanes, &derived, derived.count)
      }
    }
    guard status == 0 else {
      if errno == ENOMEM { throw .outOfMemory }
      return false
    }
    return sodium.memcmp(derived, fields.checksum, derived.count) == 0
  }

  /// Overwrites `bytes` with zeros in a way the compiler does not remove.
  static func wipe(_ bytes: inout [UInt8], _ sodium: LibSodium) {
    bytes.withUnsafeMutableBytes { sodium.memzero($0.baseAddress, $0.count) }
  }
}

/// The fields of Django's formats that a library takes apart from the prefix.
enum DjangoFields {
  /// `pbkdf2_sha256$iterations$salt$checksum` (or `pbkdf2_sha1$…`), read.
  struct PBKDF2 {
    let iterations: UInt32
    let salt: String
    let checksum: [UInt8]
    /// HMAC-SHA1 rather than HMAC-SHA256.
    var sha1 = false
  }

  /// `scrypt$N$salt$r$p$checksum`, read.
  struct Scrypt {
    let blocks: UInt64
    let blockSize: UInt32
    let lanes: UInt32
    let salt: String
    let checksum: [UInt8]
  }

  /// The bcrypt string inside `bcrypt_sha256$…`.
  static func bcryptSetting(
    of hash: LegacyPasswordHash
  ) throws(LegacyPasswordVerifierError) -> String {
    let prefix = "bcrypt_sha256$"
    guard hash.text.hasPrefix(prefix) else { throw .refusedByLibrary(hash.scheme) }
    return String(hash.text.dropFirst(prefix.count))
  }

  /// The iterations, salt and decoded checksum of a `pbkdf2_sha256$` hash; the checksum is
  /// Django's `base64.b64encode` of 32 bytes, standard base64 with padding.
  static func pbkdf2(
    of hash: LegacyPasswordHash, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> PBKDF2 {
    let sha1 = hash.scheme == .djangoPBKDF2SHA1
    let fields = hash.text.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 4, case .pbkdf2(let iterations) = hash.cost,
      let count = UInt32(exactly: iterations),
      let checksum = standardBase64(String(fields[3]), byteCount: sha1 ? 20 : 32, sodium)
    else { throw .refusedByLibrary(hash.scheme) }
    return PBKDF2(iterations: count, salt: String(fields[2]), checksum: checksum, sha1: sha1)
  }

  /// The N, r, p, salt and decoded checksum of a `scrypt$` hash, within what libsodium's
  /// scrypt takes (its memory, 128 × N × r bytes, within its own limit).
  static func scrypt(
    of hash: LegacyPasswordHash, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> Scrypt {
    let fields = hash.text.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 6, case .scrypt(let log2N, let blockSize, let lanes) = hash.cost,
      log2N < 64, let r = UInt32(exactly: blockSize), let p = UInt32(exactly: lanes),
      128 * blockSize <= sodium.scryptMemLimitMax() >> log2N,
      let checksum = standardBase64(String(fields[5]), byteCount: 64, sodium)
    else { throw .refusedByLibrary(hash.scheme) }
    return Scrypt(
      blocks: UInt64(1) << UInt64(log2N), blockSize: r, lanes: p, salt: String(fields[2]),
      checksum: checksum)
  }

  /// Exactly `byteCount` bytes from standard base64 with padding, or `nil`.
  static func standardBase64(_ text: String, byteCount: Int, _ sodium: LibSodium) -> [UInt8]? {
    let characters = text.utf8.map { CChar(bitPattern: $0) }
    var bytes = [UInt8](repeating: 0, count: byteCount)
    var decodedCount = 0
    // With no end pointer given, libsodium fails unless every character was consumed.
    let status = sodium.base642bin(
      &bytes, byteCount, characters, characters.count, nil, &decodedCount, nil,
      sodium_base64_VARIANT_ORIGINAL)
    guard status == 0, decodedCount == byteCount else { return nil }
    return bytes
  }
}

extension LegacyPasswordHash.Scheme {
  /// Whether the scheme's time is bound by the processor (a small state that stays in the
  /// cache) rather than by memory, as Argon2id's is.
  fileprivate var isProcessorBound: Bool {
    switch self {
    case .bcrypt, .sha512Crypt, .sha256Crypt, .djangoBcryptSHA256, .djangoPBKDF2SHA256,
      .djangoPBKDF2SHA1:
      true
    case .yescrypt, .djangoScrypt, .djangoArgon2id, .argon2id: false
    }
  }
}
