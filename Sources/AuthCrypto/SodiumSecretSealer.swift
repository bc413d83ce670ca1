import AuthCore
import SodiumLibrary

/// Seals secrets with libsodium's `crypto_secretbox_easy` (XSalsa20-Poly1305) under a
/// `SealingKey` kept outside the database.
///
/// A box is `version (1) ‖ key identifier (8) ‖ nonce (24) ‖ MAC (16) ‖ ciphertext`: the
/// version byte lets the format change later; the identifier tells a box of another key from
/// a damaged one; the nonce is random (192 bits, so random nonces never repeat in practice).
/// The box's key is BLAKE2b, keyed with the sealing subkey, of the version and the context,
/// so a box moved to another context (another account) or given another version byte fails
/// its MAC and is `damaged`. The identifier itself is outside the MAC: an altered one reads
/// as another key's box, refused all the same.
public struct SodiumSecretSealer: SecretSealer {
  /// The format version this sealer writes and reads.
  public static let version: UInt8 = 1

  private let key: SealingKey

  /// A sealer under `key`.
  public init(key: SealingKey) {
    self.key = key
  }

  private static let headerCount = 1 + SealingKey.identifierByteCount
  private var sodium: LibSodium { key.sodium }
  private var nonceCount: Int { Int(sodium.secretBoxNonceBytes()) }
  private var macCount: Int { Int(sodium.secretBoxMACBytes()) }

  /// A new box of `secret` for `context`, with a fresh random nonce.
  public func seal(_ secret: [UInt8], context: String) throws(SecretSealerError) -> [UInt8] {
    var boxKey = boxKey(version: Self.version, context: context)
    defer { sodium.memzero(&boxKey, boxKey.count) }
    var nonce = [UInt8](repeating: 0, count: nonceCount)
    sodium.randomBytes(&nonce, nonce.count)
    var sealed = [UInt8](repeating: 0, count: macCount + secret.count)
    guard
      sodium.secretBoxEasy(&sealed, secret, UInt64(secret.count), nonce, boxKey) == 0
    else { throw .libraryFailure("crypto_secretbox_easy failed") }
    return [Self.version] + key.identifier + nonce + sealed
  }

  /// The secret in `box`: `unsupportedFormat` for another version byte, `wrongKey` for a box
  /// of another key, `damaged` for anything cut short or altered or of another context.
  public func open(_ box: [UInt8], context: String) throws(SecretSealerError) -> [UInt8] {
    guard let version = box.first else { throw .damaged }
    guard version == Self.version else { throw .unsupportedFormat(version: version) }
    guard box.count >= Self.headerCount + nonceCount + macCount else {
      throw .damaged
    }
    let identifier = Array(box[1..<Self.headerCount])
    // The identifier is no secret, but comparing it in constant time costs nothing.
    guard
      sodium.memcmp(identifier, key.identifier, SealingKey.identifierByteCount) == 0
    else { throw .wrongKey }
    let nonce = Array(box[Self.headerCount..<(Self.headerCount + nonceCount)])
    let sealed = Array(box[(Self.headerCount + nonceCount)...])
    var boxKey = boxKey(version: version, context: context)
    defer { sodium.memzero(&boxKey, boxKey.count) }
    var secret = [UInt8](repeating: 0, count: sealed.count - macCount)
    guard
      sodium.secretBoxOpenEasy(&secret, sealed, UInt64(sealed.count), nonce, boxKey) == 0
    else { throw .damaged }
    return secret
  }

  /// BLAKE2b-256 of the version byte and the context's UTF-8, keyed with the sealing subkey.
  private func boxKey(version: UInt8, context: String) -> [UInt8] {
    let message = [version] + Array(context.utf8)
    var boxKey = [UInt8](repeating: 0, count: Int(sodium.secretBoxKeyBytes()))
    // Fails only for lengths outside BLAKE2b's limits (16–64 bytes out, key up to 64).
    _ = sodium.genericHash(
      &boxKey, boxKey.count, message, UInt64(message.count), key.sealingBase,
      key.sealingBase.count)
    return boxKey
  }
}
