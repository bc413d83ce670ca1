import CSodium
import Foundation

/// Session tokens as a client keeps them in its state folder, and their stored hashes.
enum StoredTokens {
  private static let alphabet = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

  /// Every 43-character base64url word in the files of `folder` (32-byte tokens).
  /// Only files whose names start with `prefix`: `session-` for session tokens alone, ""
  /// for every secret kept there (the device cookie too).
  static func tokens(in folder: String, prefix: String = "session-") throws -> Set<String> {
    var found: Set<String> = []
    for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    where name.hasPrefix(prefix) {
      let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
      let text = String(decoding: bytes, as: UTF8.self)
      for word in text.split(whereSeparator: { !alphabet.contains($0) }) where word.count == 43 {
        found.insert(String(word))
      }
    }
    return found
  }

  /// The raw bytes of a base64url token.
  static func decode(_ token: String) -> Data? {
    var base64 = token.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    return Data(base64Encoded: base64)
  }

  /// What the database keeps of a token: BLAKE2b-256 of its bytes.
  static func storedHash(of token: String) -> Data? {
    guard let bytes = decode(token), sodium_init() >= 0 else { return nil }
    var digest = [UInt8](repeating: 0, count: 32)
    let raw = [UInt8](bytes)
    guard crypto_generichash(&digest, 32, raw, UInt64(raw.count), nil, 0) == 0 else { return nil }
    return Data(digest)
  }
}
