import CSodium
import Foundation

/// The bytes of a file, with their SHA-256, to prove a run left the file untouched.
struct FileFingerprint: Equatable, CustomStringConvertible {
  /// SHA-256 of the contents, hex.
  let sha256: String
  /// The size in bytes.
  let size: Int
  /// The permission bits.
  let mode: Int

  /// Reads the file at `path`.
  init(_ path: String) throws {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    var digest = [UInt8](repeating: 0, count: Int(crypto_hash_sha256_BYTES))
    _ = crypto_hash_sha256(&digest, bytes, UInt64(bytes.count))
    sha256 = digest.map { String(format: "%02x", $0) }.joined()
    size = bytes.count
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    mode = (attributes[.posixPermissions] as? Int) ?? -1
  }

  /// The fingerprint as text.
  var description: String {
    "\(size) bytes, sha256 \(sha256.prefix(16))…, mode \(String(mode, radix: 8))"
  }
}
