import CSodium
import SodiumLibrary

/// The keyed hash under which a store keeps a name that may be a secret typed in the wrong
/// field: the throttle's names, and the attempted name of an event that names no account.
///
/// BLAKE2b-256 (`crypto_generichash`) of the canonical name's UTF-8, keyed with the
/// database's own random 32-byte key (`secret_keys`, migration 0004), as 64 lower-case hex
/// digits: the same name always gives the same hash in one database, so probes still
/// correlate and throttle, but without the key (which never leaves the database) the name
/// cannot be found from the hash, and usernames have at most 32 characters, so a hash is
/// never mistaken for a name.
///
/// A key of any other length is refused, never used: an empty one (which BLAKE2b would take
/// as "no key") would make every stored name the plain hash of the name, which anyone can
/// compute, and a short one would be guessable.
public enum NameHash {
  /// The length of the key, in bytes (the migration makes it with `randomblob(32)`).
  public static let keyLength = 32

  /// The keyed hash of `name`; `nil` when `key` is not `keyLength` bytes (a damaged
  /// database), or if libsodium cannot be opened or started.
  public static func hex(of name: String, key: [UInt8]) -> String? {
    guard key.count == keyLength else { return nil }
    return hex(ofBytes: Array(name.utf8), key: key)
  }

  /// The unkeyed BLAKE2b-256 of `bytes`, for digests that protect nothing secret (a
  /// schema's); `nil` only if libsodium cannot start.
  static func unkeyedHex(ofBytes bytes: [UInt8]) -> String? {
    hex(ofBytes: bytes, key: [])
  }

  /// The BLAKE2b-256 of `bytes` as 64 lower-case hex digits, keyed with `key` (none when
  /// empty); `nil` only if libsodium cannot start.
  private static func hex(ofBytes bytes: [UInt8], key: [UInt8]) -> String? {
    guard case .success(let sodium) = LibSodium.shared else { return nil }
    var output = [UInt8](repeating: 0, count: 32)
    let status = sodium.genericHash(
      &output, output.count, bytes, UInt64(bytes.count), key, key.count)
    guard status == 0 else { return nil }
    return hexDigits(output, sodium)
  }

  /// The hash under which the PostgreSQL store finds an account by a typed name
  /// (`users.name_hash`, its migration 0007): HMAC-SHA-256 of the canonical name's UTF-8
  /// under `key`, as 64 lower-case hex digits; the migrator fills existing rows with it. `nil` if libsodium cannot start or `key` is
  /// not 32 bytes.
  public static func lookupHex(of name: String, key: [UInt8]) -> String? {
    guard case .success(let sodium) = LibSodium.shared,
      key.count == Int(crypto_auth_hmacsha256_KEYBYTES)
    else { return nil }
    let bytes = Array(name.utf8)
    var output = [UInt8](repeating: 0, count: Int(crypto_auth_hmacsha256_BYTES))
    guard sodium.hmacSHA256(&output, bytes, UInt64(bytes.count), key) == 0 else {
      return nil
    }
    return hexDigits(output, sodium)
  }

  /// A store's identity: BLAKE2b-256 of a fixed label (a space in it, so no name is it)
  /// keyed with the store's own random key, as 64 hex digits. The key is made by the store's
  /// first migration and copied with everything else by replication, a backup or a
  /// standby, so every server holding the store answers the same identity, and no other
  /// store does; the key cannot be found from it. `nil` as for `hex(of:key:)`.
  public static func storeIdentity(key: [UInt8]) -> String? {
    hex(of: "authcli store identity", key: key)
  }

  /// Lower-case hex by libsodium's `sodium_bin2hex`, which runs in constant time: the
  /// digits of a keyed hash take no longer for one value than for another.
  private static func hexDigits(_ bytes: [UInt8], _ sodium: LibSodium) -> String {
    // Two digits a byte, and the terminating NUL that `sodium_bin2hex` writes.
    var text = [CChar](repeating: 0, count: bytes.count * 2 + 1)
    _ = sodium.bin2hex(&text, text.count, bytes, bytes.count)
    return String(decoding: text.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
