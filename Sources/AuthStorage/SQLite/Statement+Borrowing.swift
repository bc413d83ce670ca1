import CSQLite
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// SQLite's `SQLITE_STATIC` destructor (a null pointer): SQLite reads the caller's buffer
/// in place instead of copying it, so the buffer must stay valid until the statement resets.
private let staticDestructor: sqlite3_destructor_type? = nil

extension Statement {
  /// Binds `value` to parameter `index` without copying it, runs `body` (which steps and
  /// reads), then resets the statement and clears its bindings while the bytes are still
  /// valid, so SQLite never holds a pointer past their scope.
  public func withBound<T>(_ value: Data, at index: Int32, _ body: () throws -> T) throws -> T {
    try borrowing(value, at: index) { try resettingAfter(body) }
  }

  /// Binds text to parameter `index` without copying it, runs `body`, then resets the
  /// statement and clears its bindings while the text is still valid.
  public func withBound<T>(_ value: String, at index: Int32, _ body: () throws -> T) throws -> T {
    try borrowing(value, at: index) { try resettingAfter(body) }
  }

  /// Binds `values` to parameters 1, 2, … without copying text or bytes, runs `body`,
  /// then resets the statement and clears its bindings while every value is still valid.
  public func withBound<T>(_ values: [SQLiteValue], _ body: () throws -> T) throws -> T {
    try borrowing(values[...], from: 1) { try resettingAfter(body) }
  }

  private func resettingAfter<T>(_ body: () throws -> T) rethrows -> T {
    defer { reset() }
    return try body()
  }

  /// Each value's buffer is lent for the rest of the list and `body`, one scope inside the next.
  private func borrowing<T>(
    _ values: ArraySlice<SQLiteValue>, from index: Int32, _ body: () throws -> T
  ) throws -> T {
    guard let first = values.first else { return try body() }
    let rest = values.dropFirst()
    switch first {
    case .text(let text):
      return try borrowing(text, at: index) { try borrowing(rest, from: index + 1, body) }
    case .blob(let bytes):
      return try borrowing(bytes, at: index) { try borrowing(rest, from: index + 1, body) }
    case .integer, .real, .null:
      try bind(first, at: index)
      return try borrowing(rest, from: index + 1, body)
    }
  }

  private func borrowing<T>(_ value: Data, at index: Int32, _ body: () throws -> T) throws -> T {
    try value.withUnsafeBytes { bytes in
      // Also on a throw further in: no pointer to these bytes outlives this scope.
      defer { reset() }
      guard let base = bytes.baseAddress else {
        try bind(value, at: index)
        return try body()
      }
      try checkBinding(
        sqlite3_bind_blob64(handle, index, base, UInt64(bytes.count), staticDestructor))
      return try body()
    }
  }

  private func borrowing<T>(_ value: String, at index: Int32, _ body: () throws -> T) throws -> T {
    var text = value
    // `withUTF8` lends a native string's own bytes; by length, so U+0000 is kept whole.
    return try text.withUTF8 { bytes in
      defer { reset() }
      guard let base = UnsafeRawPointer(bytes.baseAddress) else {
        try bind(value, at: index)
        return try body()
      }
      try checkBinding(
        sqlite3_bind_text64(
          handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(bytes.count),
          staticDestructor, UInt8(SQLITE_UTF8)))
      return try body()
    }
  }
}
