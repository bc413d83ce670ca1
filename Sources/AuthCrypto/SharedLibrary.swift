import CNettle
import COath
import CXcrypt

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A C library opened at run time, on first use, instead of linked.
///
/// A linked library is mapped, relocated and has its constructors run at the start of every
/// command, whichever it is; `whoami` and `--version` hash no imported password and make no
/// one-time password, so they should not pay for the libraries that do. Each library's
/// functions are a table (`LibCrypt`, `LibNettle`, `LibOath`) filled once per process from
/// this handle; a new function is a `typedef` in the module's `shim.h` and a field looked up
/// in its table's `init`.
struct SharedLibrary {
  /// The handle, which stays open for the life of the process: the functions are used to
  /// the end.
  private let handle: UnsafeMutableRawPointer

  /// Opens the first of `names` the dynamic loader finds; the loader's reasons otherwise.
  init(_ names: [String]) throws(SharedLibraryError) {
    var reasons: [String] = []
    for name in names {
      if let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) {
        self.handle = handle
        return
      }
      reasons.append(dlerror().map { String(cString: $0) } ?? name)
    }
    throw SharedLibraryError(reason: reasons.joined(separator: "; "))
  }

  /// The function `name`, as the C type `type` its header declares.
  func function<Function>(
    _ name: String, as type: Function.Type
  ) throws(SharedLibraryError) -> Function {
    guard let address = dlsym(handle, name) else {
      throw SharedLibraryError(reason: "no function \(name) (version too old?)")
    }
    return unsafeBitCast(address, to: type)
  }
}

/// Why a library could not be opened or lacks a function, in the dynamic loader's words.
struct SharedLibraryError: Error, Hashable, Sendable {
  let reason: String
}

/// libxcrypt's functions, for the crypt families of imported hashes.
struct LibCrypt: Sendable {
  let cryptRN: authcli_crypt_rn
  let checkSalt: authcli_crypt_checksalt

  #if canImport(Darwin)
    static let names = ["libcrypt.2.dylib", "libcrypt.dylib"]
  #else
    static let names = ["libcrypt.so.1"]
  #endif

  /// Opened once per process, on first use; the failure is kept, so every caller gets the
  /// same answer.
  static let shared = Result { () throws(SharedLibraryError) in try LibCrypt() }

  private init() throws(SharedLibraryError) {
    let library = try SharedLibrary(Self.names)
    cryptRN = try library.function("crypt_rn", as: authcli_crypt_rn.self)
    checkSalt = try library.function("crypt_checksalt", as: authcli_crypt_checksalt.self)
  }
}

/// Nettle's functions, for Django's PBKDF2 hashes (SHA-256 and SHA-1). Opening Nettle also runs its constructor
/// (the processor's features probed for its assembly), which linking ran at every start.
struct LibNettle: Sendable {
  let pbkdf2HMACSHA256: authcli_nettle_pbkdf2_hmac_sha256
  let pbkdf2HMACSHA1: authcli_nettle_pbkdf2_hmac_sha1

  #if canImport(Darwin)
    static let names = ["libnettle.8.dylib", "libnettle.dylib"]
  #else
    static let names = ["libnettle.so.8"]
  #endif

  /// Opened once per process, on first use.
  static let shared = Result { () throws(SharedLibraryError) in try LibNettle() }

  private init() throws(SharedLibraryError) {
    let library = try SharedLibrary(Self.names)
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

  #if canImport(Darwin)
    static let names = ["liboath.0.dylib", "liboath.dylib"]
  #else
    static let names = ["liboath.so.0"]
  #endif

  /// Opened and initialised once per process, on first use.
  static let shared = Result { () throws(SharedLibraryError) in try LibOath() }

  private init() throws(SharedLibraryError) {
    let library = try SharedLibrary(Self.names)
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
