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

/// Times as printed: ISO 8601 UTC for JSON, a readable UTC form for tables.
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
  static func readable(_ date: Date) -> String {
    let parts = utcParts(date)
    return "\(parts.date) \(parts.time) UTC"
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
