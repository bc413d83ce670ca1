#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one time unit of the schema: INTEGER milliseconds since the Unix epoch, UTC.
enum Timestamp {
  /// Milliseconds for a date, rounded down so that the stored value never lies in the future.
  ///
  /// Dates beyond what 64-bit milliseconds hold (a policy's infinite lifetime, `now`
  /// plus a huge interval) are stored as the nearest end instead of trapping; a date
  /// that is not a number is stored as the earliest time, so an expiry made of it has
  /// passed already.
  static func milliseconds(_ date: Date) -> Int64 {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    // 2^63 is exactly representable; every Double below it converts without trapping.
    guard milliseconds < 0x1p63 else { return milliseconds.isNaN ? .min : .max }
    guard milliseconds >= -0x1p63 else { return .min }
    return Int64(milliseconds)
  }

  /// The date for stored milliseconds.
  static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }
}

extension SQLiteValue {
  /// A date as the schema stores it.
  static func time(_ date: Date) -> SQLiteValue { .integer(Timestamp.milliseconds(date)) }
}

extension Statement {
  /// Column `index` read as a stored timestamp.
  func date(at index: Int32) -> Date { Timestamp.date(int64(at: index)) }

  /// Column `index` read as a stored timestamp, or `nil` when NULL.
  func optionalDate(at index: Int32) -> Date? { optionalInt64(at: index).map(Timestamp.date) }
}
