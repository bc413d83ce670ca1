import AuthCore
import COath
import SodiumLibrary

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// One-time passwords through the OATH Toolkit's liboath (`oath_totp_generate2`, with
/// `OATH_TOTP_HMAC_SHA256`/`…SHA512` for those algorithms) and its base32
/// (`oath_base32_encode`/`…decode`); secrets from libsodium's random source.
///
/// Checking is compute-and-compare rather than liboath's `oath_totp_validate…`, which
/// compares with `strcmp` and stops at the first match: here every step of the window is
/// computed and compared with `sodium_memcmp`, so the time says nothing about the code.
///
/// liboath is opened (and `oath_init` run) at the first code or base32 made or read, not
/// here: every command that opens a database makes this value, and most use no factor.
public struct OathOneTimePasswords: OneTimePasswords {
  /// libsodium, opened when the value is made.
  private let sodium: LibSodium

  /// Opens and prepares libsodium.
  public init() throws(OneTimePasswordError) {
    do { sodium = try Sodium.library() } catch {
      switch error {
      case .unavailable(let reason):
        throw .libraryFailure("libsodium could not be opened: \(reason)")
      }
    }
  }

  /// `byteCount` bytes from `randombytes_buf`.
  public func makeSecret(byteCount: Int) throws(OneTimePasswordError) -> TOTPSecret {
    guard TOTPSecret.byteCountRange.contains(byteCount) else {
      throw .secretLengthOutOfRange(byteCount)
    }
    var bytes = [UInt8](repeating: 0, count: byteCount)
    sodium.randomBytes(&bytes, bytes.count)
    return TOTPSecret(bytes: bytes)
  }

  /// `oath_totp_generate2` at the start of `step` (T0 = 0).
  public func code(
    for secret: TOTPSecret, atStep step: UInt64, parameters: TOTPParameters
  ) throws(OneTimePasswordError) -> String {
    var digits = try codeBytes(for: secret, atStep: step, parameters: parameters)
    defer { sodium.memzero(&digits, digits.count) }
    return String(decoding: digits, as: UTF8.self)
  }

  /// Every step from `step - window` (not below 0) to `step + window` computed and compared.
  public func verify(
    _ code: String, for secret: TOTPSecret, nearStep step: UInt64, window: UInt64,
    parameters: TOTPParameters
  ) throws(OneTimePasswordError) -> UInt64? {
    let typed = Array(code.utf8)
    guard typed.count == parameters.digits.rawValue,
      typed.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
    else { return nil }
    let first = step >= window ? step - window : 0
    let (last, overflow) = step.addingReportingOverflow(window)
    var match: UInt64?
    for candidate in first...(overflow ? UInt64.max : last) {
      var expected = try codeBytes(for: secret, atStep: candidate, parameters: parameters)
      defer { sodium.memzero(&expected, expected.count) }
      let equal = sodium.memcmp(typed, expected, typed.count) == 0
      if equal, match == nil { match = candidate }
    }
    return match
  }

  /// `oath_base32_encode`, its `=` padding dropped.
  public func base32(_ secret: TOTPSecret) throws(OneTimePasswordError) -> String {
    guard !secret.bytes.isEmpty else { throw .emptySecret }
    let oath = try Self.library()
    var output: UnsafeMutablePointer<CChar>?
    var length = 0
    let status = secret.bytes.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        oath.base32Encode($0.baseAddress, $0.count, &output, &length)
      }
    }
    guard status == OATH_OK.rawValue, let output else { throw Self.failure(status, oath) }
    defer {
      sodium.memzero(output, length)
      free(output)
    }
    let text = UnsafeRawBufferPointer(start: output, count: length)
    return String(decoding: text.prefix { $0 != UInt8(ascii: "=") }, as: UTF8.self)
  }

  /// `oath_base32_decode` (which ignores spaces and restores the padding).
  public func secret(base32 text: String) throws(OneTimePasswordError) -> TOTPSecret {
    // liboath reads the upper-case alphabet only; authenticator apps print either case.
    let upper = Array(text.uppercased().utf8)
    let oath = try Self.library()
    var output: UnsafeMutablePointer<CChar>?
    var length = 0
    let status = upper.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        oath.base32Decode($0.baseAddress, $0.count, &output, &length)
      }
    }
    guard status == OATH_OK.rawValue else { throw .invalidBase32 }
    guard let output, length > 0 else {
      free(output)
      throw .emptySecret
    }
    defer {
      sodium.memzero(output, length)
      free(output)
    }
    return TOTPSecret(bytes: Array(UnsafeRawBufferPointer(start: output, count: length)))
  }

  /// The code's ASCII digits, from liboath.
  private func codeBytes(
    for secret: TOTPSecret, atStep step: UInt64, parameters: TOTPParameters
  ) throws(OneTimePasswordError) -> [UInt8] {
    guard !secret.bytes.isEmpty else { throw .emptySecret }
    let oath = try Self.library()
    // liboath takes a time and divides it by the period: the step's first second.
    let (time, overflow) = step.multipliedReportingOverflow(by: UInt64(parameters.period))
    guard !overflow, time <= UInt64(time_t.max) else {
      throw .libraryFailure("time step \(step) is beyond the system's time")
    }
    let flags: Int32 =
      switch parameters.algorithm {
      case .sha1: 0
      case .sha256: Int32(OATH_TOTP_HMAC_SHA256.rawValue)
      case .sha512: Int32(OATH_TOTP_HMAC_SHA512.rawValue)
      }
    let digits = parameters.digits.rawValue
    var output = [CChar](repeating: 0, count: digits + 1)
    let status = secret.bytes.withUnsafeBufferPointer { bytes in
      bytes.withMemoryRebound(to: CChar.self) {
        oath.totpGenerate2(
          $0.baseAddress, $0.count, time_t(time), UInt32(parameters.period), 0, UInt32(digits),
          flags, &output)
      }
    }
    defer { sodium.memzero(&output, output.count) }
    guard status == OATH_OK.rawValue else { throw Self.failure(status, oath) }
    return output.prefix(digits).map { UInt8(bitPattern: $0) }
  }

  /// liboath's reason for `status`.
  private static func failure(_ status: Int32, _ oath: LibOath) -> OneTimePasswordError {
    .libraryFailure(oath.strerror(status).map { String(cString: $0) } ?? "liboath error \(status)")
  }

  /// liboath, opened and initialised on first use.
  private static func library() throws(OneTimePasswordError) -> LibOath {
    switch LibOath.shared {
    case .success(let library): return library
    case .failure(let error): throw .libraryFailure("liboath could not be opened: \(error.reason)")
    }
  }
}
