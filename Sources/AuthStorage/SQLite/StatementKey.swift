/// The statement cache's key: the SQL text, hashed cheaply.
///
/// `String` hashes every byte, up to 190 of them per store statement, on every lookup.
/// Statements of one connection already differ in length or in their first and last
/// bytes, so the hash takes only those; equality still compares the whole text, so two
/// texts that share a hash only cost a comparison, never a wrong statement.
struct StatementKey: Hashable {
  /// The statement text.
  let sql: String

  static func == (lhs: StatementKey, rhs: StatementKey) -> Bool {
    // The same literal at the same call site shares its storage, which `==` checks first.
    lhs.sql == rhs.sql
  }

  func hash(into hasher: inout Hasher) {
    let utf8 = sql.utf8
    hasher.combine(utf8.count)
    let sampled =
      utf8.withContiguousStorageIfAvailable { bytes -> Bool in
        Self.combineEnds(of: UnsafeRawBufferPointer(bytes), into: &hasher)
        return true
      } ?? false
    // A bridged or lazily built string has no contiguous UTF-8; hash all of it instead.
    if !sampled { for byte in utf8 { hasher.combine(byte) } }
  }

  /// Mixes up to 16 bytes from each end of the text into the hash.
  private static func combineEnds(of bytes: UnsafeRawBufferPointer, into hasher: inout Hasher) {
    let sample = min(bytes.count, 16)
    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.prefix(sample)))
    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: bytes.suffix(sample)))
  }
}
