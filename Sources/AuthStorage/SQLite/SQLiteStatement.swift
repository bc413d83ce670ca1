import CSQLite

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// SQLite's "copy the bytes now" destructor, so bound buffers may be freed right after binding.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, owned and cached by its `SQLiteDatabase`.
///
/// Use it inside `SQLiteDatabase.withStatement(_:_:)`, which resets it and clears its
/// bindings afterwards. Parameter and column indexes follow SQLite: parameters
/// from 1, columns from 0.
public final class SQLiteStatement {
  /// The statement text, as prepared.
  public let sql: String
  let handle: OpaquePointer
  private let connection: OpaquePointer
  /// Whether it was bound or stepped since its last reset, so a second reset costs nothing.
  private var isInUse = false

  init(sql: String, handle: OpaquePointer, connection: OpaquePointer) {
    self.sql = sql
    self.handle = handle
    self.connection = connection
  }

  // MARK: Binding

  /// Binds an integer to parameter `index` (from 1).
  public func bind(_ value: Int64, at index: Int32) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds a double to parameter `index` (from 1).
  public func bind(_ value: Double, at index: Int32) throws {
    try check(sqlite3_bind_double(handle, index, value))
  }

  /// Binds text to parameter `index` (from 1).
  public func bind(_ value: String, at index: Int32) throws {
    // Bound by its UTF-8 length, not up to the first NUL, so text holding U+0000 is
    // stored whole instead of silently cut short.
    // `withUTF8` lends a native string's own bytes, with no copy before SQLite's.
    var text = value
    let code = text.withUTF8 { bytes in
      UnsafeRawPointer(bytes.baseAddress).map { base in
        sqlite3_bind_text64(
          handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
          transientDestructor, UInt8(SQLITE_UTF8))
      } ?? sqlite3_bind_text(handle, index, "", 0, transientDestructor)
    }
    try check(code)
  }

  /// Binds bytes to parameter `index` (from 1); empty data binds an empty blob, not NULL.
  public func bind(_ value: [UInt8], at index: Int32) throws {
    let code = value.withUnsafeBytes { bytes in
      guard let base = bytes.baseAddress else { return sqlite3_bind_zeroblob(handle, index, 0) }
      return sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), transientDestructor)
    }
    try check(code)
  }

  /// Binds NULL to parameter `index` (from 1).
  public func bindNull(at index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  /// Binds any value to parameter `index` (from 1).
  public func bind(_ value: SQLiteValue, at index: Int32) throws {
    switch value {
    case .integer(let number): try bind(number, at: index)
    case .real(let number): try bind(number, at: index)
    case .text(let text): try bind(text, at: index)
    case .blob(let bytes): try bind(bytes, at: index)
    case .null: try bindNull(at: index)
    }
  }

  /// Binds values to parameters 1, 2, … in order.
  public func bind(_ values: [SQLiteValue]) throws {
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  // MARK: Stepping

  /// Advances to the next row; `false` when the statement has finished.
  public func step() throws -> Bool {
    isInUse = true
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw SQLiteEngineError.current(on: connection, sql: sql)
    }
  }

  /// Rewinds the statement and forgets its bindings, ready for the next use.
  func reset() {
    guard isInUse else { return }
    // A failed step already threw its error; reset only repeats that code, so it is ignored.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    isInUse = false
  }

  // MARK: Columns

  /// Whether column `index` (from 0) of the current row is NULL.
  public func isNull(at index: Int32) -> Bool {
    sqlite3_column_type(handle, index) == SQLITE_NULL
  }

  /// Column `index` (from 0) as an integer.
  public func int64(at index: Int32) -> Int64 { sqlite3_column_int64(handle, index) }

  /// Column `index` (from 0) as a double.
  public func double(at index: Int32) -> Double { sqlite3_column_double(handle, index) }

  /// Column `index` (from 0) as text; NULL reads as the empty string.
  public func string(at index: Int32) -> String {
    guard let text = sqlite3_column_text(handle, index) else { return "" }
    let count = Int(sqlite3_column_bytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Column `index` (from 0) as bytes; NULL reads as no bytes.
  public func data(at index: Int32) -> [UInt8] {
    guard let bytes = sqlite3_column_blob(handle, index) else { return [] }
    let count = Int(sqlite3_column_bytes(handle, index))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  /// Column `index` (from 0) as an integer, or `nil` when NULL.
  public func optionalInt64(at index: Int32) -> Int64? {
    isNull(at: index) ? nil : int64(at: index)
  }

  /// Column `index` (from 0) as text, or `nil` when NULL.
  public func optionalString(at index: Int32) -> String? {
    isNull(at: index) ? nil : string(at: index)
  }

  private func check(_ code: Int32) throws {
    isInUse = true
    guard code == SQLITE_OK else { throw SQLiteEngineError.current(on: connection, sql: sql) }
  }
}
