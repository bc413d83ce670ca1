/// A short, stable digest of a path for a file name (64-bit FNV-1a, hex).
/// It only keeps databases apart; the folder's 0700 mode is what protects the files.
enum PathDigest {
  static func hex(of path: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in path.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
