import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A parameter bound to a statement, sent in PostgreSQL's binary format.
public enum PostgresValue: Hashable, Sendable {
  /// `bigint` (int8).
  case bigint(Int64)
  /// `text`, UTF-8.
  case text(String)
  /// `bytea`.
  case bytea([UInt8])
  /// `boolean`.
  case boolean(Bool)
  /// SQL NULL; its type comes from the statement (write a cast where it cannot be inferred).
  case null

  /// A date as the schema stores it: `bigint` milliseconds since the Unix epoch, UTC,
  /// rounded down, exactly as the SQLite schema stores it.
  public static func time(_ date: Date) -> PostgresValue { .bigint(StoredTime.milliseconds(date)) }

  /// The type's OID, for the statement's parameter list (0 lets the server infer it).
  var typeOID: UInt32 {
    switch self {
    case .bigint: 20
    case .text: 25
    case .bytea: 17
    case .boolean: 16
    case .null: 0
    }
  }

  /// The binary wire form; `nil` for NULL.
  var wireBytes: [UInt8]? {
    switch self {
    case .bigint(let value): withUnsafeBytes(of: value.bigEndian) { Array($0) }
    case .text(let value): Array(value.utf8)
    case .bytea(let value): Array(value)
    case .boolean(let value): [value ? 1 : 0]
    case .null: nil
    }
  }
}
