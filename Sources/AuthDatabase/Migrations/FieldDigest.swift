/// BLAKE2b-256 of length-prefixed fields, as lower-case hex: unambiguous for any text.
public struct FieldDigest {
  private var bytes: [UInt8] = []

  /// An empty digest.
  public init() {}

  /// Adds one field; `nil` is kept apart from every text, the empty one included.
  public mutating func add(_ field: String?) {
    guard let field else {
      bytes.append(0)
      return
    }
    let utf8 = Array(field.utf8)
    bytes.append(1)
    withUnsafeBytes(of: UInt64(utf8.count).littleEndian) { bytes.append(contentsOf: $0) }
    bytes.append(contentsOf: utf8)
  }

  /// The digest of the fields added so far; `nil` only if libsodium cannot start.
  public func hex() -> String? { NameHash.unkeyedHex(ofBytes: bytes) }
}

extension Migration {
  /// The digest of these migrations' identifiers and SQL, in the order given; `nil` for none.
  public static func digest(of migrations: [Migration]) -> String? {
    guard !migrations.isEmpty else { return nil }
    var digest = FieldDigest()
    for migration in migrations {
      digest.add(migration.identifier)
      digest.add(migration.sql)
    }
    return digest.hex()
  }
}
