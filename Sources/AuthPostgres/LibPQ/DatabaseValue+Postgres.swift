import AuthDatabase

extension DatabaseValue {
  /// The type's OID, for the statement's parameter list (0 lets the server infer it).
  var postgresTypeOID: UInt32 {
    switch self {
    case .integer: 20
    case .text: 25
    case .bytes: 17
    case .boolean: 16
    case .null: 0
    }
  }

  /// PostgreSQL's binary wire form; `nil` for NULL.
  var postgresWireBytes: [UInt8]? {
    switch self {
    case .integer(let value): withUnsafeBytes(of: value.bigEndian) { Array($0) }
    case .text(let value): Array(value.utf8)
    case .bytes(let value): value
    case .boolean(let value): [value ? 1 : 0]
    case .null: nil
    }
  }
}
