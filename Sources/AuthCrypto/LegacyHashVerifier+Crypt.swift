import AuthCore
import CXcrypt
import SodiumLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// libxcrypt's `crypt_rn` (`crypt_r` with a work area of the caller's size, answering a null
/// pointer on failure instead of a `*0` string to recognise) and `crypt_checksalt`, from the
/// library opened on first use (`LibCrypt`).
enum Crypt {
  /// crypt's longest output, its NUL included (`CRYPT_OUTPUT_SIZE`).
  static let outputSize = 384
  /// crypt's longest phrase, its NUL included (`CRYPT_MAX_PASSPHRASE_SIZE`).
  static let phraseSize = 512

  /// Refuses a setting libxcrypt does not take or calls legacy. SHA-256-crypt is legacy to
  /// libxcrypt (not to be used for new hashes) yet accepted: an imported hash is replaced by
  /// Argon2id at its first successful sign-in.
  static func check(
    setting: String, scheme: LegacyPasswordHash.Scheme
  ) throws(LegacyPasswordVerifierError) {
    guard setting.utf8.count < outputSize else { throw .refusedByLibrary(scheme) }
    let verdict = try library(for: scheme).checkSalt(setting)
    if verdict == CRYPT_SALT_OK { return }
    if verdict == CRYPT_SALT_METHOD_LEGACY && scheme == .sha256Crypt { return }
    throw .refusedByLibrary(scheme)
  }

  /// Whether crypt of `phrase` under `setting` (the stored hash) gives the stored hash back.
  ///
  /// A phrase crypt cannot take (a NUL inside, or 512 bytes or more) is hashed anyway, cut
  /// and with its NULs replaced, so that the work is the scheme's full work; it never matches.
  /// The outputs are compared over crypt's whole output size, zero-padded, so the comparison
  /// takes the same time whatever the strings.
  static func matches(
    phrase: [UInt8], setting: String, scheme: LegacyPasswordHash.Scheme, _ sodium: LibSodium
  ) throws(LegacyPasswordVerifierError) -> Bool {
    try check(setting: setting, scheme: scheme)
    let cryptRN = try library(for: scheme).cryptRN
    let takable = !phrase.contains(0) && phrase.count < phraseSize
    var input = phrase.prefix(phraseSize - 1).map { CChar(bitPattern: $0 == 0 ? 1 : $0) } + [0]
    defer { input.withUnsafeMutableBytes { sodium.memzero($0.baseAddress, $0.count) } }
    let size = Int(authcli_crypt_data_size())
    let area = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 16)
    // crypt_rn wants its work area zeroed before first use; it holds intermediate state of
    // the hash, so it is wiped after.
    area.initializeMemory(as: UInt8.self, repeating: 0, count: size)
    defer {
      sodium.memzero(area, size)
      area.deallocate()
    }
    var computed = [UInt8](repeating: 0, count: outputSize)
    var stored = [UInt8](repeating: 0, count: outputSize)
    defer {
      LegacyHashVerifier.wipe(&computed, sodium)
      LegacyHashVerifier.wipe(&stored, sodium)
    }
    errno = 0
    let produced = input.withUnsafeBufferPointer { phraseBuffer in
      setting.withCString { settingText in
        cryptRN(phraseBuffer.baseAddress, settingText, area, Int32(size))
      }
    }
    guard let produced else {
      if errno == ENOMEM { throw .outOfMemory }
      throw .refusedByLibrary(scheme)
    }
    let length = strnlen(produced, outputSize - 1)
    produced.withMemoryRebound(to: UInt8.self, capacity: length) { bytes in
      for index in 0..<length { computed[index] = bytes[index] }
    }
    for (index, byte) in setting.utf8.enumerated() { stored[index] = byte }
    let equal = sodium.memcmp(computed, stored, outputSize) == 0
    return equal && takable
  }

  /// libxcrypt, or the scheme refused when it cannot be opened: no password can then be
  /// checked against the hash, which is what the refusal tells the caller.
  private static func library(
    for scheme: LegacyPasswordHash.Scheme
  ) throws(LegacyPasswordVerifierError) -> LibCrypt {
    guard case .success(let library) = LibCrypt.shared else { throw .refusedByLibrary(scheme) }
    return library
  }
}
