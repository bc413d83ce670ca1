import AuthDatabase
import CLibPQ

/// One row of a statement's result, in binary format, read by column name. Valid only
/// inside the closure it is handed to: the result it points into is cleared afterwards.
public struct PostgresRow: DatabaseRow {
  let library: LibPQ
  let result: OpaquePointer
  let row: Int32
  let sql: String

  /// A `bigint` (or `integer`, `smallint`) column, `nil` when NULL.
  public func integer(_ column: String) throws(PostgresError) -> Int64? {
    guard let raw = try bytes(at: index(column)) else { return nil }
    switch raw.count {
    case 8: return Int64(bigEndian: raw.loadUnaligned(as: Int64.self))
    case 4: return Int64(Int32(bigEndian: raw.loadUnaligned(as: Int32.self)))
    case 2: return Int64(Int16(bigEndian: raw.loadUnaligned(as: Int16.self)))
    default: throw unexpectedValue(in: column)
    }
  }

  /// A `text` column, `nil` when NULL.
  public func text(_ column: String) throws(PostgresError) -> String? {
    try bytes(at: index(column)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// A `bytea` column, `nil` when NULL.
  public func bytes(_ column: String) throws(PostgresError) -> [UInt8]? {
    try bytes(at: index(column)).map { Array($0) }
  }

  /// A `boolean` column, `nil` when NULL.
  public func boolean(_ column: String) throws(PostgresError) -> Bool? {
    guard let raw = try bytes(at: index(column)) else { return nil }
    guard raw.count == 1 else { throw unexpectedValue(in: column) }
    return raw[0] != 0
  }

  /// `PostgresError.unexpectedValue`, naming the column and the statement's first line.
  public func unexpectedValue(in column: String) -> PostgresError {
    .unexpectedValue(column: "\(column) of \(sql.split(separator: "\n").first ?? "")")
  }

  private func index(_ column: String) throws(PostgresError) -> Int32 {
    let index = column.withCString { library.fnumber(result, $0) }
    guard index >= 0 else { throw unexpectedValue(in: "\(column) (not in the result)") }
    return index
  }

  /// The raw bytes of column `column`, `nil` for NULL.
  private func bytes(at column: Int32) -> UnsafeRawBufferPointer? {
    guard library.getisnull(result, row, column) == 0 else { return nil }
    let length = Int(library.getlength(result, row, column))
    guard length > 0, let start = library.getvalue(result, row, column) else {
      return UnsafeRawBufferPointer(start: nil, count: 0)
    }
    return UnsafeRawBufferPointer(start: start, count: length)
  }
}
