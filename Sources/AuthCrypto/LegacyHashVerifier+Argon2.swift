import AuthCore
import SodiumLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Argon2id hashes, Django's (`argon2$` + a PHC string) and authcli's own, through
/// libsodium's `crypto_pwhash_str_verify`, which reads the cost from the string, runs
/// Argon2id in full (lanes one after another) and compares in constant time.
enum Argon2 {
  /// Refuses a cost outside libsodium's limits or below Argon2's 8 KiB per lane.
  static func check(
    _ hash: LegacyPasswordHash, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) {
    guard case .argon2(let memoryKiB, let passes, let lanes) = hash.cost,
      (sodium.argon2idMemLimitMin()...sodium.argon2idMemLimitMax()).contains(memoryKiB * 1024),
      (sodium.argon2idOpsLimitMin()...sodium.argon2idOpsLimitMax()).contains(passes),
      lanes <= 0xFF_FFFF, memoryKiB >= 8 * lanes
    else { throw .refusedByLibrary(hash.scheme) }
    _ = try phcString(of: hash)
  }

  /// `$argon2id$v=19$m=…,t=…,p=…$salt$checksum`, rebuilt from the fields the parser read
  /// (Django's is the same string after its `argon2` prefix).
  static func phcString(of hash: LegacyPasswordHash) throws(LegacyPasswordVerifierError) -> String {
    let text =
      hash.scheme == .djangoArgon2id ? hash.text.dropFirst("argon2".count) : Substring(hash.text)
    let fields = text.split(separator: "$", omittingEmptySubsequences: false)
    guard fields.count == 6, fields[1] == "argon2id", fields[2] == "v=19",
      case .argon2(let memoryKiB, let passes, let lanes) = hash.cost
    else { throw .refusedByLibrary(hash.scheme) }
    return "$argon2id$v=19$m=\(memoryKiB),t=\(passes),p=\(lanes)$\(fields[4])$\(fields[5])"
  }

  /// Whether the password matches; a mismatch and a damaged string are both `false`, and
  /// only a failed allocation (errno `ENOMEM`) is told apart.
  static func matches(
    _ password: [UInt8], _ hash: LegacyPasswordHash, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> Bool {
    try check(hash, sodium)
    let phc = try phcString(of: hash)
    // A trailing NUL gives an empty password an address; it is not counted.
    var input = password.map { CChar(bitPattern: $0) } + [0]
    defer { input.withUnsafeMutableBytes { sodium.memzero($0.baseAddress, $0.count) } }
    errno = 0
    let status = phc.withCString { stored in
      input.withUnsafeBufferPointer { buffer in
        // Never nil: `input` holds at least its NUL.
        guard let address = buffer.baseAddress else { return Int32(-1) }
        return sodium.passwordHashVerify(stored, address, UInt64(password.count))
      }
    }
    if status == 0 { return true }
    if errno == ENOMEM { throw .outOfMemory }
    return false
  }
}
