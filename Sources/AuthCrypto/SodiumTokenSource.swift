import AuthCore
import CSodium
import SodiumLibrary

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Session tokens from libsodium's CSPRNG, stored as BLAKE2b-256 hashes.
///
/// A token is 32 random bytes (`randombytes_buf`) printed as unpadded base64url
/// (43 characters). Storage keeps only `crypto_generichash` of the 32 bytes, so a
/// leaked database does not let anyone act as a signed-in user; with 256 bits of
/// randomness, a fast unsalted hash is enough (nothing to guess or precompute).
public struct SodiumTokenSource: TokenSource {
  private static let tokenBytes = 32
  private static let hashBytes = 32
  private static let variant = sodium_base64_VARIANT_URLSAFE_NO_PADDING
  /// libsodium, opened when the source is made: every check goes through this table, never
  /// through the process-wide one again.
  private let sodium: LibSodium

  /// Opens and prepares libsodium.
  public init() throws {
    sodium = try Sodium.library()
  }

  /// 32 fresh random bytes as base64url; the byte buffer is wiped afterwards.
  public func makeToken() -> SessionToken {
    var bytes = [UInt8](repeating: 0, count: Self.tokenBytes)
    defer { sodium.memzero(&bytes, bytes.count) }
    sodium.randomBytes(&bytes, bytes.count)
    var text = [CChar](
      repeating: 0, count: sodium.base64EncodedLength(Self.tokenBytes, Self.variant))
    _ = sodium.bin2base64(&text, text.count, bytes, bytes.count, Self.variant)
    defer { sodium.memzero(&text, text.count) }
    let end = text.firstIndex(of: 0) ?? text.endIndex
    return SessionToken(
      rawValue: String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// BLAKE2b-256 of the token's bytes; `nil` unless the text is canonical
  /// unpadded base64url of exactly 32 bytes.
  ///
  /// Every session check runs this, so it reads the token's own UTF-8 in place and
  /// decodes into a stack buffer (wiped afterwards); the only allocation is the result.
  public func hash(_ token: SessionToken) -> TokenHash? {
    var text = token.rawValue
    return text.withUTF8 { utf8 -> TokenHash? in
      guard let base = UnsafeRawPointer(utf8.baseAddress) else { return nil }
      let characters = base.assumingMemoryBound(to: CChar.self)
      return withUnsafeTemporaryAllocation(
        of: UInt8.self, capacity: Self.tokenBytes + Self.hashBytes
      ) { buffer -> TokenHash? in
        guard let bytes = buffer.baseAddress else { return nil }
        defer { sodium.memzero(bytes, buffer.count) }
        let digest = bytes + Self.tokenBytes
        var decodedCount = 0
        // With no end pointer given, libsodium fails unless every character was consumed.
        let status = sodium.base642bin(
          bytes, Self.tokenBytes, characters, utf8.count, nil, &decodedCount, nil, Self.variant)
        guard status == 0, decodedCount == Self.tokenBytes,
          sodium.genericHash(digest, Self.hashBytes, bytes, UInt64(Self.tokenBytes), nil, 0) == 0
        else { return nil }
        return TokenHash(rawValue: Array(UnsafeBufferPointer(start: digest, count: Self.hashBytes)))
      }
    }
  }

  /// Compares in constant time for equal lengths (`sodium_memcmp`); empty
  /// hashes never match.
  public func hashesMatch(_ lhs: TokenHash, _ rhs: TokenHash) -> Bool {
    guard lhs.rawValue.count == rhs.rawValue.count, !lhs.rawValue.isEmpty else { return false }
    return lhs.rawValue.withUnsafeBytes { left in
      rhs.rawValue.withUnsafeBytes { right in
        sodium.memcmp(left.baseAddress, right.baseAddress, left.count) == 0
      }
    }
  }
}
