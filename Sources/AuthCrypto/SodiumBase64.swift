import CSodium
import SodiumLibrary

/// Standard base64 with padding (RFC 4648 §4) through libsodium, for bytes carried in text
/// files such as an export's sealed secrets. Not Foundation's `Data` methods: using `Data`
/// links the whole of FoundationEssentials into the executable (docs/performance.md).
public enum SodiumBase64 {
  /// `bytes` as padded standard base64.
  public static func encode(_ bytes: [UInt8]) throws(SodiumError) -> String {
    let sodium = try Sodium.library()
    let variant = sodium_base64_VARIANT_ORIGINAL
    var text = [CChar](repeating: 0, count: sodium.base64EncodedLength(bytes.count, variant))
    _ = sodium.bin2base64(&text, text.count, bytes, bytes.count, variant)
    let end = text.firstIndex(of: 0) ?? text.endIndex
    return String(decoding: text[..<end].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The bytes of padded standard base64 `text`; `nil` for anything else (a character
  /// outside the alphabet, missing padding, or text after the end), and when libsodium
  /// cannot be opened.
  public static func decode(_ text: String) -> [UInt8]? {
    guard case .success(let sodium) = LibSodium.shared else { return nil }
    let characters = text.utf8.map { CChar(bitPattern: $0) }
    // Three bytes for every four characters is the most the text can hold.
    var bytes = [UInt8](repeating: 0, count: characters.count / 4 * 3 + 3)
    var decodedCount = 0
    // With no end pointer given, libsodium fails unless every character was consumed.
    let status = sodium.base642bin(
      &bytes, bytes.count, characters, characters.count, nil, &decodedCount, nil,
      sodium_base64_VARIANT_ORIGINAL)
    guard status == 0 else { return nil }
    return Array(bytes[..<decodedCount])
  }
}
