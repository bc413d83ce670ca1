#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A day of the proleptic Gregorian calendar in UTC, counted from 1970-01-01 as shadow(5)
/// counts an account's expiry: the unit of `users expire --on` and of shadow's field 8.
///
/// Worked out by arithmetic rather than Foundation's calendars, which load calendar and
/// time-zone data on first use (docs/performance.md).
public struct CalendarDay: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Days since 1970-01-01 (day 0).
  public let dayNumber: Int

  /// 1970-01-01 to 9999-12-31: every day that `YYYY-MM-DD` can write.
  public static let days = 0...2_932_896

  /// The day `dayNumber` days after 1970-01-01.
  public init(dayNumber: Int) {
    self.dayNumber = dayNumber
  }

  /// The day that contains `time` (UTC).
  public init(containing time: Date) {
    dayNumber = Int((time.timeIntervalSince1970 / Self.secondsPerDay).rounded(.down))
  }

  /// Reads `YYYY-MM-DD`; `nil` for any other shape, a day the month lacks, or one outside
  /// `days`.
  public init?(parsing text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= Self.length(ofMonth: month, in: year)
    else { return nil }
    let number = Self.dayNumber(year: year, month: month, day: day)
    guard Self.days.contains(number) else { return nil }
    dayNumber = number
  }

  /// The first moment of the day, UTC.
  public var start: Date {
    Date(timeIntervalSince1970: Double(dayNumber) * Self.secondsPerDay)
  }

  /// `YYYY-MM-DD`.
  public var description: String {
    let (year, month, day) = civil
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
  }

  /// Earlier days first.
  public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    lhs.dayNumber < rhs.dayNumber
  }

  private static let secondsPerDay: Double = 86_400

  // Both directions count in 400-year eras of 146,097 days from 0000-03-01, so that a
  // leap day ends its year.

  /// Year, month and day of `dayNumber`.
  private var civil: (year: Int, month: Int, day: Int) {
    let days = dayNumber + 719_468
    let era = (days >= 0 ? days : days - 146_096) / 146_097
    let dayOfEra = days - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  /// The day number of a valid year, month and day.
  private static func dayNumber(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func length(ofMonth month: Int, in year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }
}
