#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one time unit of both engines' schemas: INTEGER (SQLite) or bigint (PostgreSQL)
/// milliseconds since the Unix epoch, UTC, so a row means the same instant in either.
public enum StoredTime {
  /// Milliseconds for a date, rounded down so that the stored value never lies in the future.
  ///
  /// Dates beyond what 64-bit milliseconds hold (a policy's infinite lifetime, `now`
  /// plus a huge interval) are stored as the nearest end instead of trapping; a date
  /// that is not a number is stored as the earliest time, so an expiry made of it has
  /// passed already.
  public static func milliseconds(_ date: Date) -> Int64 {
    let milliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
    // 2^63 is exactly representable; every Double below it converts without trapping.
    guard milliseconds < 0x1p63 else { return milliseconds.isNaN ? .min : .max }
    guard milliseconds >= -0x1p63 else { return .min }
    return Int64(milliseconds)
  }

  /// The date for stored milliseconds.
  public static func date(_ milliseconds: Int64) -> Date {
    Date(timeIntervalSince1970: Double(milliseconds) / 1000)
  }

  /// A date as a store keeps it: what reading it back gives.
  public static func rounded(_ date: Date) -> Date { Self.date(milliseconds(date)) }
}
