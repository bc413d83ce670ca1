#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Times as printed: ISO 8601 UTC for JSON, a readable UTC form for people, and shorter
/// forms without the zone for a table whose header names it once.
///
/// Written out by hand from the broken-down UTC time: Foundation's format styles load
/// calendar and time-zone data on first use, which cost more than the rest of a short
/// command such as `whoami`. Seconds are truncated toward the past, as those styles do.
enum Timestamp {
  /// `2026-11-29T12:36:30Z`.
  static func iso8601(_ date: Date) -> String {
    let parts = utcParts(date)
    return "\(parts.date)T\(parts.time)Z"
  }

  /// `2026-11-29 12:36:30 UTC`.
  static func readable(_ date: Date) -> String { inColumn(date) + " UTC" }

  /// `2026-11-29 12:36:30`, for a column whose header says `(UTC)` (the audit trail, read
  /// beside other logs to the second).
  static func inColumn(_ date: Date) -> String {
    let parts = utcParts(date)
    return "\(parts.date) \(parts.time)"
  }

  /// `2026-11-29 12:36`, for a listing whose header says `(UTC)`, as `last` and `ls -l` show
  /// times: with seconds and the zone on every row, each row of `users list` and `sessions
  /// list` wrapped on an 80-column terminal. `--json` keeps the seconds.
  static func toTheMinute(_ date: Date) -> String {
    let parts = utcParts(date)
    return "\(parts.date) \(parts.time.prefix(5))"
  }

  /// A column's header for times: `STARTED (UTC)`.
  static func header(_ title: String) -> String { title + " (UTC)" }

  /// `2026-11-29T12:36:30Z`, or with an offset such as `+01:00` or `-0500` instead of `Z`;
  /// `nil` for anything else, or for a field out of range (a month 13, a 30 February).
  static func parse(iso8601 text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count >= 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":"),
      let year = number(bytes[0..<4]), let month = number(bytes[5..<7]),
      let day = number(bytes[8..<10]), let hour = number(bytes[11..<13]),
      let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
      let offset = offsetSeconds(bytes[19...]),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var broken = tm()
    broken.tm_year = Int32(year - 1900)
    broken.tm_mon = Int32(month - 1)
    broken.tm_mday = Int32(day)
    broken.tm_hour = Int32(hour)
    broken.tm_min = Int32(minute)
    broken.tm_sec = Int32(second)
    let seconds = timegm(&broken)
    // timegm moves a 30 February to 2 March; such a date was not a date.
    guard broken.tm_mday == Int32(day), broken.tm_mon == Int32(month - 1) else { return nil }
    return Date(timeIntervalSince1970: TimeInterval(Int(seconds) - offset))
  }

  /// `Z` → 0; `+hh:mm`, `+hhmm`, `-hh:mm`, `-hhmm` → seconds east of UTC.
  private static func offsetSeconds(_ bytes: ArraySlice<UInt8>) -> Int? {
    guard let sign = bytes.first else { return nil }
    if sign == UInt8(ascii: "Z") { return bytes.count == 1 ? 0 : nil }
    guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
    let digits = Array(bytes.dropFirst().filter { $0 != UInt8(ascii: ":") })
    let colons = bytes.count - 1 - digits.count
    guard digits.count == 4, colons == 0 || (colons == 1 && bytes.count == 6),
      colons == 0 || bytes[bytes.startIndex + 3] == UInt8(ascii: ":"),
      let hours = number(digits[0..<2]), let minutes = number(digits[2..<4]), hours < 24,
      minutes < 60
    else { return nil }
    return (sign == UInt8(ascii: "+") ? 1 : -1) * (hours * 3600 + minutes * 60)
  }

  /// The value of ASCII digits only; `nil` when any byte is not one.
  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var value = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      value = value * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return value
  }

  private static func utcParts(_ date: Date) -> (date: String, time: String) {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var broken = tm()
    gmtime_r(&seconds, &broken)
    let day =
      "\(padded(Int(broken.tm_year) + 1900, width: 4))-\(padded(Int(broken.tm_mon) + 1))-"
      + padded(Int(broken.tm_mday))
    let time =
      "\(padded(Int(broken.tm_hour))):\(padded(Int(broken.tm_min))):\(padded(Int(broken.tm_sec)))"
    return (day, time)
  }

  private static func padded(_ value: Int, width: Int = 2) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
