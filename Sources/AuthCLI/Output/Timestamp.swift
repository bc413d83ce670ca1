import Foundation

/// Times as printed: ISO 8601 UTC for JSON, a readable UTC form for tables.
enum Timestamp {
  /// `2026-11-29T12:36:30Z`.
  static func iso8601(_ date: Date) -> String {
    date.formatted(
      Date.ISO8601FormatStyle(timeZone: TimeZone(secondsFromGMT: 0) ?? .current))
  }

  /// `2026-11-29 12:36:30 UTC`.
  static func readable(_ date: Date) -> String {
    var text = iso8601(date)
    text = text.replacingOccurrences(of: "T", with: " ")
    text = text.replacingOccurrences(of: "Z", with: " UTC")
    return text
  }
}
