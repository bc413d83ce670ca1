import CSodium
import SharedLibraries

/// libsodium's functions, opened on first use: `--version` hashes nothing, so it does not
/// map the library; AuthCrypto and AuthDatabase share this one table, filled once per
/// process. `sodium_init` has run once the table is returned: libsodium must pick its code
/// paths and seed its random source before any other call.
///
/// A call site reads a function from the table (`sodium.memzero(…)`), never the C symbol,
/// which would link the library again; a caller that checks many values keeps the table it
/// got, rather than asking `shared` again for each.
package struct LibSodium: Sendable {
  package let versionString: authcli_sodium_version_string
  package let memzero: authcli_sodium_memzero
  package let memcmp: authcli_sodium_memcmp
  package let bin2hex: authcli_sodium_bin2hex
  package let bin2base64: authcli_sodium_bin2base64
  package let base642bin: authcli_sodium_base642bin
  package let base64EncodedLength: authcli_sodium_base64_encoded_len
  package let randomBytes: authcli_randombytes_buf
  package let genericHash: authcli_crypto_generichash
  package let genericHashSaltPersonal: authcli_crypto_generichash_blake2b_salt_personal
  package let hmacSHA256: authcli_crypto_auth_hmacsha256
  package let sha256: authcli_crypto_hash_sha256
  package let deriveFromKey: authcli_crypto_kdf_derive_from_key
  package let secretBoxEasy: authcli_crypto_secretbox_easy
  package let secretBoxOpenEasy: authcli_crypto_secretbox_open_easy
  package let secretBoxKeyBytes: authcli_crypto_secretbox_keybytes
  package let secretBoxNonceBytes: authcli_crypto_secretbox_noncebytes
  package let secretBoxMACBytes: authcli_crypto_secretbox_macbytes
  package let passwordHashString: authcli_crypto_pwhash_str
  package let passwordHashVerify: authcli_crypto_pwhash_str_verify
  package let passwordHashStringBytes: authcli_crypto_pwhash_strbytes
  package let opsLimitMin: authcli_crypto_pwhash_opslimit_min
  package let opsLimitMax: authcli_crypto_pwhash_opslimit_max
  package let memLimitMin: authcli_crypto_pwhash_memlimit_min
  package let memLimitMax: authcli_crypto_pwhash_memlimit_max
  package let argon2idOpsLimitMin: authcli_crypto_pwhash_argon2id_opslimit_min
  package let argon2idOpsLimitMax: authcli_crypto_pwhash_argon2id_opslimit_max
  package let argon2idMemLimitMin: authcli_crypto_pwhash_argon2id_memlimit_min
  package let argon2idMemLimitMax: authcli_crypto_pwhash_argon2id_memlimit_max
  package let scryptLowLevel: authcli_crypto_pwhash_scryptsalsa208sha256_ll
  package let scryptMemLimitMax: authcli_crypto_pwhash_scryptsalsa208sha256_memlimit_max

  /// Opened and initialised once per process, on first use; the failure is kept, so every
  /// caller gets the same answer.
  package static let shared = SharedLibrary.open(
    linux: "libsodium.so.23", macOS: "libsodium.23.dylib", reading: LibSodium.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    let initialize = try library.function("sodium_init", as: authcli_sodium_init.self)
    versionString = try library.function(
      "sodium_version_string", as: authcli_sodium_version_string.self)
    memzero = try library.function("sodium_memzero", as: authcli_sodium_memzero.self)
    memcmp = try library.function("sodium_memcmp", as: authcli_sodium_memcmp.self)
    bin2hex = try library.function("sodium_bin2hex", as: authcli_sodium_bin2hex.self)
    bin2base64 = try library.function("sodium_bin2base64", as: authcli_sodium_bin2base64.self)
    base642bin = try library.function("sodium_base642bin", as: authcli_sodium_base642bin.self)
    base64EncodedLength = try library.function(
      "sodium_base64_encoded_len", as: authcli_sodium_base64_encoded_len.self)
    randomBytes = try library.function("randombytes_buf", as: authcli_randombytes_buf.self)
    genericHash = try library.function(
      "crypto_generichash", as: authcli_crypto_generichash.self)
    genericHashSaltPersonal = try library.function(
      "crypto_generichash_blake2b_salt_personal",
      as: authcli_crypto_generichash_blake2b_salt_personal.self)
    hmacSHA256 = try library.function(
      "crypto_auth_hmacsha256", as: authcli_crypto_auth_hmacsha256.self)
    sha256 = try library.function("crypto_hash_sha256", as: authcli_crypto_hash_sha256.self)
    deriveFromKey = try library.function(
      "crypto_kdf_derive_from_key", as: authcli_crypto_kdf_derive_from_key.self)
    secretBoxEasy = try library.function(
      "crypto_secretbox_easy", as: authcli_crypto_secretbox_easy.self)
    secretBoxOpenEasy = try library.function(
      "crypto_secretbox_open_easy", as: authcli_crypto_secretbox_open_easy.self)
    secretBoxKeyBytes = try library.function(
      "crypto_secretbox_keybytes", as: authcli_crypto_secretbox_keybytes.self)
    secretBoxNonceBytes = try library.function(
      "crypto_secretbox_noncebytes", as: authcli_crypto_secretbox_noncebytes.self)
    secretBoxMACBytes = try library.function(
      "crypto_secretbox_macbytes", as: authcli_crypto_secretbox_macbytes.self)
    passwordHashString = try library.function(
      "crypto_pwhash_str", as: authcli_crypto_pwhash_str.self)
    passwordHashVerify = try library.function(
      "crypto_pwhash_str_verify", as: authcli_crypto_pwhash_str_verify.self)
    passwordHashStringBytes = try library.function(
      "crypto_pwhash_strbytes", as: authcli_crypto_pwhash_strbytes.self)
    opsLimitMin = try library.function(
      "crypto_pwhash_opslimit_min", as: authcli_crypto_pwhash_opslimit_min.self)
    opsLimitMax = try library.function(
      "crypto_pwhash_opslimit_max", as: authcli_crypto_pwhash_opslimit_max.self)
    memLimitMin = try library.function(
      "crypto_pwhash_memlimit_min", as: authcli_crypto_pwhash_memlimit_min.self)
    memLimitMax = try library.function(
      "crypto_pwhash_memlimit_max", as: authcli_crypto_pwhash_memlimit_max.self)
    argon2idOpsLimitMin = try library.function(
      "crypto_pwhash_argon2id_opslimit_min", as: authcli_crypto_pwhash_argon2id_opslimit_min.self)
    argon2idOpsLimitMax = try library.function(
      "crypto_pwhash_argon2id_opslimit_max", as: authcli_crypto_pwhash_argon2id_opslimit_max.self)
    argon2idMemLimitMin = try library.function(
      "crypto_pwhash_argon2id_memlimit_min", as: authcli_crypto_pwhash_argon2id_memlimit_min.self)
    argon2idMemLimitMax = try library.function(
      "crypto_pwhash_argon2id_memlimit_max", as: authcli_crypto_pwhash_argon2id_memlimit_max.self)
    scryptLowLevel = try library.function(
      "crypto_pwhash_scryptsalsa208sha256_ll",
      as: authcli_crypto_pwhash_scryptsalsa208sha256_ll.self)
    scryptMemLimitMax = try library.function(
      "crypto_pwhash_scryptsalsa208sha256_memlimit_max",
      as: authcli_crypto_pwhash_scryptsalsa208sha256_memlimit_max.self)
    // 0: initialised now; 1: already initialised (by a program that also links it).
    let status = initialize()
    guard status >= 0 else { throw SharedLibraryError(reason: "sodium_init failed (\(status))") }
  }
}
