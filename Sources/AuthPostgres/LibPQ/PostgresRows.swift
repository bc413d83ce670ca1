import AuthDatabase
import CLibPQ

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One row of a statement's result, in binary format. Valid only inside the closure it is
/// handed to: the result it points into is cleared afterwards.
public struct PostgresRow {
  let library: LibPQ
  let result: OpaquePointer
  let row: Int32
  let sql: String

  /// Whether column `column` is NULL.
  public func isNull(_ column: Int32) -> Bool {
    library.getisnull(result, row, column) != 0
  }

  /// The raw bytes of column `column` (empty for NULL).
  func bytes(_ column: Int32) -> UnsafeRawBufferPointer {
    let length = Int(library.getlength(result, row, column))
    guard length > 0, let start = library.getvalue(result, row, column) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: start, count: length)
  }

  /// A `bigint` (or `integer`, `smallint`) column.
  public func int64(_ column: Int32) throws -> Int64 {
    let raw = bytes(column)
    switch raw.count {
    case 8: return Int64(bigEndian: raw.loadUnaligned(as: Int64.self))
    case 4: return Int64(Int32(bigEndian: raw.loadUnaligned(as: Int32.self)))
    case 2: return Int64(Int16(bigEndian: raw.loadUnaligned(as: Int16.self)))
    default: throw PostgresError.unexpectedValue(column: columnName(column))
    }
  }

  /// A nullable integer column.
  public func optionalInt64(_ column: Int32) throws -> Int64? {
    isNull(column) ? nil : try int64(column)
  }

  /// A `text` column (empty for NULL).
  public func string(_ column: Int32) -> String {
    String(decoding: bytes(column), as: UTF8.self)
  }

  /// A nullable `text` column.
  public func optionalString(_ column: Int32) -> String? {
    isNull(column) ? nil : string(column)
  }

  /// A `bytea` column.
  public func data(_ column: Int32) -> [UInt8] {
    Array(bytes(column))
  }

  /// A `boolean` column.
  public func bool(_ column: Int32) throws -> Bool {
    let raw = bytes(column)
    guard raw.count == 1 else { throw PostgresError.unexpectedValue(column: columnName(column)) }
    return raw[0] != 0
  }

  /// A time column (`bigint` milliseconds since the Unix epoch).
  public func date(_ column: Int32) throws -> Date {
    StoredTime.date(try int64(column))
  }

  /// A nullable time column.
  public func optionalDate(_ column: Int32) throws -> Date? {
    isNull(column) ? nil : try date(column)
  }

  private func columnName(_ column: Int32) -> String {
    "column \(column) of \(sql.split(separator: "\n").first ?? "")"
  }
}
