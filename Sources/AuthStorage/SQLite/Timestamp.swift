import Foundation

/// The one time unit of the schema: INTEGER milliseconds since the Unix epoch, UTC.
enum Timestamp {
  /// Milliseconds for a date, rounded down so that the stored value never lies in the future.
  static func milliseconds(_ date: Date) -> Int64 {
    Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
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
