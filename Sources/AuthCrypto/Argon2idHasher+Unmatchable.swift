import AuthCore
import CSodium
import SodiumLibrary

extension Argon2idHasher {
  /// A PHC string at the cost a check is answered in (`signInCost`) with a random salt and
  /// a random "hash",
  /// written directly instead of hashed, so it costs nothing to make.
  ///
  /// `crypto_pwhash_str_verify` reads the cost from the string and runs Argon2id in
  /// full before it compares, so verifying against this takes exactly as long as
  /// against a real hash at this cost; a match would need a 256-bit collision.
  public func unmatchableHash() throws(PasswordHasherError) -> String {
    unmatchableHash(memoryKiB: currentMemoryKiB, passes: signInCost.opsLimit)
  }

  /// A PHC string at the given cost that no password matches (see `unmatchableHash()`).
  func unmatchableHash(memoryKiB: Int, passes: UInt64) -> String {
    let parameters = "m=\(memoryKiB),t=\(passes),p=1"
    return "$argon2id$v=19$\(parameters)$\(randomBase64(16))$\(randomBase64(32))"
  }

  /// `count` random bytes in unpadded standard base64, as in libsodium's PHC strings.
  private func randomBase64(_ count: Int) -> String {
    let variant = sodium_base64_VARIANT_ORIGINAL_NO_PADDING
    var bytes = [UInt8](repeating: 0, count: count)
    sodium.randomBytes(&bytes, count)
    var text = [CChar](repeating: 0, count: sodium.base64EncodedLength(count, variant))
    _ = sodium.bin2base64(&text, text.count, bytes, count, variant)
    let end = text.firstIndex(of: 0) ?? text.endIndex
    return String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
