#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteStatement {
  /// Binds `value` to parameter `index`, runs `body` (which steps and reads), then resets the
  /// statement and clears its bindings, whether `body` throws or not.
  public func withBound<T>(_ value: [UInt8], at index: Int32, _ body: () throws -> T) throws -> T {
    defer { reset() }
    try bind(value, at: index)
    return try body()
  }

  /// Binds text to parameter `index`, runs `body`, then resets the statement and clears its
  /// bindings.
  public func withBound<T>(_ value: String, at index: Int32, _ body: () throws -> T) throws -> T {
    defer { reset() }
    try bind(value, at: index)
    return try body()
  }

  /// Binds `values` to parameters 1, 2, …, runs `body`, then resets the statement and clears
  /// its bindings.
  public func withBound<T>(_ values: [SQLiteValue], _ body: () throws -> T) throws -> T {
    defer { reset() }
    try bind(values)
    return try body()
  }
}
