import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SQLiteValue {
  /// A date as the schema stores it.
  static func time(_ date: Date) -> SQLiteValue { .integer(StoredTime.milliseconds(date)) }
}

extension SQLiteStatement {
  /// Column `index` read as a stored timestamp.
  func date(at index: Int32) -> Date { StoredTime.date(int64(at: index)) }

  /// Column `index` read as a stored timestamp, or `nil` when NULL.
  func optionalDate(at index: Int32) -> Date? { optionalInt64(at: index).map(StoredTime.date) }
}
