#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One row of a result, read by column name, as both engines hand it out.
///
/// Each engine supplies the four storage classes; the typed readers below are written once
/// for both: `try row.decode(String.self, "username")` for a column that may not be NULL,
/// `try row.decode(Date?.self, "locked_at")` for one that may. Every reader throws the
/// engine's error, for a missing column, a NULL where none may be, or a value of another
/// shape, so a damaged row is refused instead of read as an empty string or a zero.
public protocol DatabaseRow {
  /// The engine's error.
  associatedtype Failure: Error

  /// The column's integer, `nil` when NULL.
  func integer(_ column: String) throws(Failure) -> Int64?
  /// The column's text, `nil` when NULL.
  func text(_ column: String) throws(Failure) -> String?
  /// The column's bytes, `nil` when NULL.
  func bytes(_ column: String) throws(Failure) -> [UInt8]?
  /// The column's truth value, `nil` when NULL.
  func boolean(_ column: String) throws(Failure) -> Bool?
  /// The error for a column whose value the schema does not allow.
  func unexpectedValue(in column: String) -> Failure
}

/// A value a row can be read as, and a statement can bind.
public protocol DatabaseValueConvertible {
  /// The value as both schemas store it.
  var databaseValue: DatabaseValue { get }
  /// The column read as this type, `nil` when NULL.
  static func read<Row: DatabaseRow>(_ column: String, of row: Row) throws(Row.Failure) -> Self?
}

/// A value bound to a statement, in the storage classes both engines share; an engine maps
/// each to its own (a truth value is an integer in SQLite, a `boolean` in PostgreSQL).
public enum DatabaseValue: Hashable, Sendable {
  /// A 64-bit signed integer (times are milliseconds since the Unix epoch).
  case integer(Int64)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case bytes([UInt8])
  /// A truth value.
  case boolean(Bool)
  /// SQL NULL.
  case null
}

// Inlinable, so that each engine's decoders read a column with direct calls: the figures of
// docs/performance.md read ten columns per session check.
extension DatabaseRow {
  /// The column as `type`; throws when it is NULL.
  @inlinable public func decode<Value: DatabaseValueConvertible>(
    _ type: Value.Type, _ column: String
  ) throws(Failure) -> Value {
    guard let value = try Value.read(column, of: self) else {
      throw unexpectedValue(in: column)
    }
    return value
  }

  /// The column as `type`, `nil` when NULL.
  @inlinable public func decode<Value: DatabaseValueConvertible>(
    _ type: Value?.Type, _ column: String
  ) throws(Failure) -> Value? {
    try Value.read(column, of: self)
  }
}

extension Int64: DatabaseValueConvertible {
  /// The integer.
  @inlinable public var databaseValue: DatabaseValue { .integer(self) }
  /// An integer column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> Int64? {
    try row.integer(column)
  }
}

extension Int: DatabaseValueConvertible {
  /// The integer, as 64 bits.
  @inlinable public var databaseValue: DatabaseValue { .integer(Int64(self)) }
  /// An integer column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> Int? {
    try row.integer(column).map { Int($0) }
  }
}

extension String: DatabaseValueConvertible {
  /// The text.
  @inlinable public var databaseValue: DatabaseValue { .text(self) }
  /// A text column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> String? {
    try row.text(column)
  }
}

extension [UInt8]: DatabaseValueConvertible {
  /// The bytes.
  @inlinable public var databaseValue: DatabaseValue { .bytes(self) }
  /// A bytes column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> [UInt8]? {
    try row.bytes(column)
  }
}

extension Bool: DatabaseValueConvertible {
  /// The truth value.
  @inlinable public var databaseValue: DatabaseValue { .boolean(self) }
  /// A truth-value column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> Bool? {
    try row.boolean(column)
  }
}

extension Date: DatabaseValueConvertible {
  /// The time as both schemas store it (`StoredTime`).
  @inlinable public var databaseValue: DatabaseValue { .integer(StoredTime.milliseconds(self)) }
  /// A time column.
  @inlinable public static func read<Row: DatabaseRow>(
    _ column: String, of row: Row
  ) throws(Row.Failure) -> Date? {
    try row.integer(column).map(StoredTime.date)
  }
}
