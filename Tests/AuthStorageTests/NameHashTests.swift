import Testing

@testable import AuthDatabase

/// The name hashes against values computed by another implementation (Python's `hashlib`
/// and `hmac`): a database written by an earlier release finds its rows only while every
/// digit comes out the same.
@Suite("Name hash")
struct NameHashTests {
  /// The key 00 01 02 … 1f.
  let key = (0..<32).map { UInt8($0) }

  @Test("keyed BLAKE2b-256 as 64 lower-case hex digits")
  func keyed() {
    #expect(
      NameHash.hex(of: "Ada", key: key)
        == "5a05887c2dc51fc35e4d07f3cf3b7e3d2325e95c5f0060ea293ea3f15c6994c9")
  }

  @Test("unkeyed BLAKE2b-256, for a schema's digest")
  func unkeyed() {
    #expect(
      NameHash.unkeyedHex(ofBytes: Array("abc".utf8))
        == "bddd813c634239723171ef3fee98579b94964e3bb1cb3e427262c8c068d52319")
  }

  @Test("HMAC-SHA-256 of the name's UTF-8, PostgreSQL's lookup hash")
  func lookup() {
    #expect(
      NameHash.lookupHex(of: "zoë", key: key)
        == "9317ed2c836657136e23681b53076e600e9a8c1f17b3aa61a914b42f14482c4e")
  }
}
