import SodiumLibrary

/// The key kept outside the database that seals TOTP secrets (`SodiumSecretSealer`) and
/// keys the hashes of recovery codes (`SodiumRecoveryCodes`): 32 random bytes, kept as a
/// file of exactly those 32 bytes.
///
/// Only the key and its file's contents belong here; where the file lives and how it is
/// created (privately, 0600, never replacing an existing key) is the front end's business,
/// which places its other private files too.
///
/// Each use gets its own subkey (`crypto_kdf_derive_from_key`, BLAKE2b), so the sealing key,
/// the recovery-code key and the key's public identifier reveal nothing about one another.
public struct SealingKey: Sendable {
  /// The key file's length in bytes.
  public static let byteCount = 32

  /// The base of every sealing key (see `SodiumSecretSealer`).
  let sealingBase: [UInt8]
  /// The key of the recovery codes' keyed hash.
  let recoveryCodeKey: [UInt8]
  /// Names the key in every box it seals, so opening under another key is told apart from
  /// damage; a one-way function of the key, it tells nothing about it.
  let identifier: [UInt8]
  /// libsodium, opened when the key is read: the sealer and the recovery codes made with
  /// this key use it.
  let sodium: LibSodium

  /// The key a key file holds: exactly `byteCount` bytes, not all zero (a file of zeros is
  /// an accident of copying, never a key this module made).
  public init(keyFileContents bytes: [UInt8]) throws(SealingKeyError) {
    guard bytes.count == Self.byteCount else { throw .wrongLength(bytes.count) }
    guard bytes.contains(where: { $0 != 0 }) else { throw .allZero }
    do { sodium = try Sodium.library() } catch { throw .libraryUnavailable }
    sealingBase = Self.subkey(1, of: bytes, sodium)
    recoveryCodeKey = Self.subkey(2, of: bytes, sodium)
    identifier = Array(Self.subkey(3, of: bytes, sodium).prefix(Self.identifierByteCount))
  }

  /// The contents of a new key file: `byteCount` bytes from libsodium's random source.
  public static func newKeyFileContents() throws(SealingKeyError) -> [UInt8] {
    let sodium: LibSodium
    do { sodium = try Sodium.library() } catch { throw .libraryUnavailable }
    var bytes = [UInt8](repeating: 0, count: byteCount)
    sodium.randomBytes(&bytes, bytes.count)
    return bytes
  }

  /// Bytes of the identifier written in each box.
  static let identifierByteCount = 8

  /// Subkey `number` of `key`, 32 bytes, in authcli's own KDF context.
  private static func subkey(_ number: UInt64, of key: [UInt8], _ sodium: LibSodium) -> [UInt8] {
    var subkey = [UInt8](repeating: 0, count: 32)
    // crypto_kdf's context is exactly 8 characters; it keeps these subkeys apart from any
    // that another program derives from the same key.
    let context: [CChar] = Array("authcli-".utf8CString.prefix(8))
    // Fails only for a subkey length outside 16–64 bytes, and 32 is inside.
    _ = sodium.deriveFromKey(&subkey, subkey.count, number, context, key)
    return subkey
  }
}

/// Why key file contents are not a key.
public enum SealingKeyError: Error, Hashable, Sendable {
  /// The file does not hold exactly `SealingKey.byteCount` bytes (it holds this many).
  case wrongLength(Int)
  /// Every byte is zero.
  case allZero
  /// libsodium could not be opened or initialised.
  case libraryUnavailable
}
