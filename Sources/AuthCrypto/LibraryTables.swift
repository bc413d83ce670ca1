import CNettle
import COath
import CXcrypt
import SharedLibraries

// The libraries of imported hashes and one-time passwords, opened on first use: `whoami`
// and `--version` hash no imported password and make no one-time password, so they do not
// pay for mapping them (nor for Nettle's constructor, which probes the processor).

/// libxcrypt's functions, for the crypt families of imported hashes.
struct LibCrypt: Sendable {
  let cryptRN: authcli_crypt_rn
  let checkSalt: authcli_crypt_checksalt

  /// Opened once per process, on first use; the failure is kept, so every caller gets the
  /// same answer.
  static let shared = SharedLibrary.open(
    linux: "libcrypt.so.1", macOS: "libcrypt.2.dylib", reading: LibCrypt.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    cryptRN = try library.function("crypt_rn", as: authcli_crypt_rn.self)
    checkSalt = try library.function("crypt_checksalt", as: authcli_crypt_checksalt.self)
  }
}

/// Nettle's functions, for Django's PBKDF2 hashes (SHA-256 and SHA-1).
struct LibNettle: Sendable {
  let pbkdf2HMACSHA256: authcli_nettle_pbkdf2_hmac_sha256
  let pbkdf2HMACSHA1: authcli_nettle_pbkdf2_hmac_sha1

  /// Opened once per process, on first use.
  static let shared = SharedLibrary.open(
    linux: "libnettle.so.8", macOS: "libnettle.8.dylib", reading: LibNettle.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    pbkdf2HMACSHA256 = try library.function(
      "nettle_pbkdf2_hmac_sha256", as: authcli_nettle_pbkdf2_hmac_sha256.self)
    pbkdf2HMACSHA1 = try library.function(
      "nettle_pbkdf2_hmac_sha1", as: authcli_nettle_pbkdf2_hmac_sha1.self)
  }
}

/// liboath's functions, for one-time passwords; `oath_init` has run once they are returned.
struct LibOath: Sendable {
  let strerror: authcli_oath_strerror
  let base32Encode: authcli_oath_base32_encode
  let base32Decode: authcli_oath_base32_decode
  let totpGenerate2: authcli_oath_totp_generate2

  /// Opened and initialised once per process, on first use.
  static let shared = SharedLibrary.open(
    linux: "liboath.so.0", macOS: "liboath.0.dylib", reading: LibOath.init)

  private init(_ library: SharedLibrary) throws(SharedLibraryError) {
    let initialize = try library.function("oath_init", as: authcli_oath_init.self)
    strerror = try library.function("oath_strerror", as: authcli_oath_strerror.self)
    base32Encode = try library.function("oath_base32_encode", as: authcli_oath_base32_encode.self)
    base32Decode = try library.function("oath_base32_decode", as: authcli_oath_base32_decode.self)
    totpGenerate2 = try library.function(
      "oath_totp_generate2", as: authcli_oath_totp_generate2.self)
    let status = initialize()
    guard status == OATH_OK.rawValue else {
      throw SharedLibraryError(reason: "oath_init failed (\(status))")
    }
  }
}
