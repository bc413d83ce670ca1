#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A value to bind to a statement parameter, in SQLite's storage classes.
public enum SQLiteValue: Hashable, Sendable {
  /// A 64-bit signed integer.
  case integer(Int64)
  /// A double-precision float.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Bytes.
  case blob([UInt8])
  /// SQL NULL.
  case null
}
