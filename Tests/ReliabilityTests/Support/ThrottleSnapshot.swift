import CSodium
import Foundation

/// A snapshot that holds the throttle table, whose names are kept as keyed hashes: both
/// engines' snapshots look a name up the same way.
protocol ThrottleSnapshot {
  /// Keyed name hash → consecutive failures in the throttle table.
  var throttle: [String: Int] { get }
  /// The database's key for names kept as keyed hashes (empty before migration 0004).
  var nameKey: [UInt8] { get }
}

extension ThrottleSnapshot {
  /// The form in which the database keeps a throttled name: its keyed BLAKE2b hash, made
  /// here independently of the store's code.
  func keyedName(_ name: String) -> String {
    var output = [UInt8](repeating: 0, count: 32)
    let bytes = Array(name.utf8)
    _ = sodium_init()
    _ = crypto_generichash(&output, 32, bytes, UInt64(bytes.count), nameKey, nameKey.count)
    return output.map { String(format: "%02x", $0) }.joined()
  }

  /// The failures counted against a name (kept under its keyed hash), or `nil` for none.
  func failures(of name: String) -> Int? { throttle[keyedName(name)] }
}
