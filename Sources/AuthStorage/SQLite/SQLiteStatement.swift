import AuthDatabase
import CSQLite

/// SQLite's "copy the bytes now" destructor, so bound buffers may be freed right after binding.
private let transientDestructor = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement, owned and cached by its `SQLiteDatabase`.
///
/// The database binds a query's values to it, steps it and resets it; rows are read through
/// `SQLiteRow`, by column name.
final class SQLiteStatement {
  /// The statement text, as prepared.
  let sql: String
  let handle: OpaquePointer
  private let connection: OpaquePointer
  /// The connection's table of SQLite's functions, kept here so that binding, stepping and
  /// reading reach each function in one load from the statement itself.
  private let sqlite: LibSQLite
  /// Whether it was bound or stepped since its last reset, so a second reset costs nothing.
  private var isInUse = false
  /// The result's column names, read at prepare: they are fixed for the life of the
  /// statement. A constant, so reading it costs no exclusivity check per column.
  let columnNames: [String]
  /// The columns the decoders asked for on the first row, in the order they asked, with
  /// where each was found. A statement's decoders read the same names in the same order on
  /// every row, so later rows find each index by one comparison of the name they pass
  /// instead of searching the names (figure 1 of docs/performance.md).
  // Unchecked: a statement is used by one connection at a time and these two are touched
  // only by `step` and `columnIndex`, which never overlap; the runtime's check of every
  // access cost more than the lookup it guards.
  @exclusivity(unchecked) private var readOrder: [(name: String, index: Int32)] = []
  /// How many columns of the current row were asked for so far: the place in `readOrder`.
  @exclusivity(unchecked) private var readsInRow = 0

  /// Each parameter's copy of its text or bytes, kept from run to run (`parameterCopy`).
  // Unchecked for the same reason as `readOrder`: only binding and `deinit` touch it, and
  // never at once.
  @exclusivity(unchecked) private var parameterMemory: [UnsafeMutableRawBufferPointer] = []

  init(sql: String, handle: OpaquePointer, connection: OpaquePointer, sqlite: LibSQLite) {
    self.sql = sql
    self.handle = handle
    self.connection = connection
    self.sqlite = sqlite
    columnNames = (0..<sqlite.columnCount(handle)).map {
      sqlite.columnName(handle, $0).map { String(cString: $0) } ?? ""
    }
  }

  deinit {
    for memory in parameterMemory { memory.deallocate() }
  }

  /// Binds `values` to parameters 1, 2, … in order.
  func bind(_ values: [DatabaseValue]) throws(SQLiteError) {
    for (offset, value) in values.enumerated() {
      try bind(value, at: Int32(offset + 1))
    }
  }

  /// Binds `values` to parameters 1, 2, … in order, straight from the arguments.
  func bind<each Value: DatabaseValueConvertible>(_ values: repeat each Value) throws(SQLiteError) {
    var index: Int32 = 0
    for value in repeat each values {
      index += 1
      try bind(value.databaseValue, at: index)
    }
  }

  private func bind(_ value: DatabaseValue, at index: Int32) throws(SQLiteError) {
    isInUse = true
    let code: Int32
    switch value {
    case .integer(let number): code = sqlite.bindInt64(handle, index, number)
    case .boolean(let flag): code = sqlite.bindInt64(handle, index, flag ? 1 : 0)
    case .text(let text): code = bind(text, at: index)
    case .bytes(let bytes): code = bind(bytes, at: index)
    case .null: code = sqlite.bindNull(handle, index)
    }
    guard code == SQLITE_OK else { throw currentError() }
  }

  private func bind(_ value: String, at index: Int32) -> Int32 {
    // Bound by its UTF-8 length, not up to the first NUL, so text holding U+0000 is
    // stored whole instead of silently cut short.
    // `withUTF8` lends a native string's own bytes, with no copy before ours.
    var text = value
    return text.withUTF8 { bytes in
      guard let copy = parameterCopy(of: UnsafeRawBufferPointer(bytes), at: index) else {
        return sqlite.bindText(handle, index, "", 0, transientDestructor)
      }
      return sqlite.bindText64(
        handle, index, copy.assumingMemoryBound(to: CChar.self), UInt64(bytes.count), nil,
        UInt8(SQLITE_UTF8))
    }
  }

  /// Empty bytes bind an empty blob, not NULL.
  private func bind(_ value: [UInt8], at index: Int32) -> Int32 {
    value.withUnsafeBytes { bytes in
      guard let copy = parameterCopy(of: bytes, at: index) else {
        return sqlite.bindZeroblob(handle, index, 0)
      }
      return sqlite.bindBlob64(handle, index, copy, UInt64(bytes.count), nil)
    }
  }

  /// `bytes` copied into this statement's own memory for parameter `index`, where SQLite
  /// reads them in place (a static binding, no destructor) until the bindings are cleared;
  /// `nil` when empty.
  ///
  /// A binding that SQLite copies costs it an allocation at every bind and a free at every
  /// clear (figures 1 and 3 of docs/performance.md). Each parameter has memory of its own,
  /// grown only while that parameter is unbound, so no bound value ever moves; it lives as
  /// long as the statement, which its connection finalises before releasing it, and every
  /// use ends with the bindings cleared.
  private func parameterCopy(
    of bytes: UnsafeRawBufferPointer, at index: Int32
  ) -> UnsafeRawPointer? {
    guard !bytes.isEmpty, index >= 1 else { return nil }
    let slot = Int(index) - 1
    while parameterMemory.count <= slot {
      parameterMemory.append(UnsafeMutableRawBufferPointer(start: nil, count: 0))
    }
    if parameterMemory[slot].count < bytes.count {
      parameterMemory[slot].deallocate()
      parameterMemory[slot] = .allocate(byteCount: max(bytes.count, 64), alignment: 1)
    }
    parameterMemory[slot].copyMemory(from: bytes)
    return UnsafeRawPointer(parameterMemory[slot].baseAddress)
  }

  /// Advances to the next row; `false` when the statement has finished.
  func step() throws(SQLiteError) -> Bool {
    isInUse = true
    readsInRow = 0
    switch sqlite.step(handle) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default: throw currentError()
    }
  }

  /// Rewinds the statement and forgets its bindings, ready for the next use.
  func reset() {
    guard isInUse else { return }
    // A failed step already threw its error; reset only repeats that code, so it is ignored.
    _ = sqlite.reset(handle)
    _ = sqlite.clearBindings(handle)
    isInUse = false
  }

  /// The index of the column named `name` in the result, or `nil` when there is none.
  func columnIndex(_ name: String) -> Int32? {
    let place = readsInRow
    readsInRow += 1
    // Names come from the decoders' literals, so a repeated read compares equal at once.
    if place < readOrder.count, readOrder[place].name == name { return readOrder[place].index }
    guard let found = columnNames.firstIndex(of: name) else { return nil }
    let read = (name: name, index: Int32(found))
    // A column read only on some rows (a lock's reason) moves the later reads: the order
    // is learnt again from there, and each name is still compared before its index is used.
    if place < readOrder.count { readOrder[place] = read } else { readOrder.append(read) }
    return read.index
  }

  /// Whether column `index` of the current row is NULL.
  func isNull(at index: Int32) -> Bool { sqlite.columnType(handle, index) == SQLITE_NULL }

  // The readers below ask a column's type only when its value could be NULL: SQLite reads
  // NULL as 0 or as a null pointer, so any other value is not NULL, and asking costs as
  // much as reading (about 56 instructions a column, 580 of a session check: figure 1 of
  // docs/performance.md). Reading a NULL converts nothing, so its type is still NULL when
  // asked after the read.

  /// Column `index` as an integer, `nil` when NULL.
  func integer(at index: Int32) -> Int64? {
    let value = sqlite.columnInt64(handle, index)
    return value == 0 && isNull(at: index) ? nil : value
  }

  /// Column `index` as text, `nil` when NULL.
  func text(at index: Int32) -> String? {
    guard let text = sqlite.columnText(handle, index) else {
      return isNull(at: index) ? nil : ""
    }
    let count = Int(sqlite.columnBytes(handle, index))
    return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
  }

  /// Column `index` as bytes, `nil` when NULL; empty bytes read as a null pointer too.
  func bytes(at index: Int32) -> [UInt8]? {
    guard let bytes = sqlite.columnBlob(handle, index) else {
      return isNull(at: index) ? nil : []
    }
    let count = Int(sqlite.columnBytes(handle, index))
    return Array(UnsafeRawBufferPointer(start: bytes, count: count))
  }

  private func currentError() -> SQLiteError {
    .engine(SQLiteEngineError.current(on: connection, sqlite: sqlite, sql: sql))
  }
}

/// The current row of a statement, read by column name; valid only inside the closure it
/// is handed to.
public struct SQLiteRow: DatabaseRow {
  let statement: SQLiteStatement

  /// The column's integer, `nil` when NULL.
  public func integer(_ column: String) throws(SQLiteError) -> Int64? {
    statement.integer(at: try index(column))
  }

  /// The column's text, `nil` when NULL.
  public func text(_ column: String) throws(SQLiteError) -> String? {
    statement.text(at: try index(column))
  }

  /// The column's bytes, `nil` when NULL.
  public func bytes(_ column: String) throws(SQLiteError) -> [UInt8]? {
    statement.bytes(at: try index(column))
  }

  /// The column's integer read as a truth value (SQLite has no boolean), `nil` when NULL.
  public func boolean(_ column: String) throws(SQLiteError) -> Bool? {
    try integer(column).map { $0 != 0 }
  }

  /// `SQLiteError.unexpectedValue`, naming the column.
  public func unexpectedValue(in column: String) -> SQLiteError {
    .unexpectedValue(column: column)
  }

  private func index(_ column: String) throws(SQLiteError) -> Int32 {
    guard let index = statement.columnIndex(column) else {
      throw .unexpectedValue(column: "\(column) (not in the result)")
    }
    return index
  }
}
