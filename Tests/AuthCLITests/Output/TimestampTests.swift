import Foundation
import Testing

@testable import AuthCLI

@Suite("Timestamps written by hand")
struct TimestampTests {
  /// Dates around leap days, year ends, the epoch, and fractions on either side of it.
  static let dates: [Date] = [
    -86_400.5, -0.25, 0, 0.999, 951_782_400, 951_868_799.75, 1_709_164_800, 1_735_689_599,
    1_767_225_600, 1_795_959_920.4, 4_102_444_799, 32_503_680_000,
  ].map { Date(timeIntervalSince1970: $0) }

  @Test(arguments: dates)
  func matchesFoundationsISO8601Style(_ date: Date) throws {
    let utc = try #require(TimeZone(secondsFromGMT: 0))
    let expected = date.formatted(Date.ISO8601FormatStyle(timeZone: utc))
    #expect(Timestamp.iso8601(date) == expected)
  }

  @Test(arguments: dates)
  func readableFormIsTheISOFormWithSpaces(_ date: Date) {
    let iso = Timestamp.iso8601(date)
    let expected = iso.dropLast().split(separator: "T").joined(separator: " ") + " UTC"
    #expect(Timestamp.readable(date) == expected)
  }

  /// A table's column, whose header names the zone: the readable form without it, and a
  /// listing's to the minute, truncated toward the past as the seconds are.
  @Test(arguments: dates)
  func columnFormsAreTheReadableFormShortened(_ date: Date) {
    let readable = Timestamp.readable(date)
    #expect(Timestamp.inColumn(date) + " UTC" == readable)
    #expect(Timestamp.toTheMinute(date) == String(readable.dropLast(" UTC".count + ":ss".count)))
    #expect(Timestamp.toTheMinute(date).count == "2026-11-29 12:36".count)
  }

  @Test(arguments: dates)
  func parsesWhatItWrites(_ date: Date) {
    let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    #expect(Timestamp.parse(iso8601: Timestamp.iso8601(date)) == whole)
  }

  /// Texts Foundation's ISO 8601 strategy reads, or refuses; the hand parser agrees.
  static let texts = [
    "2026-12-01T10:00:00Z", "2026-12-01T10:00:00+01:00", "2026-12-01T10:00:00-0530",
    "2024-02-29T23:59:59Z", "1969-12-31T23:59:59Z", "2026-13-01T10:00:00Z",
    "2026-12-01 10:00:00Z", "2026-12-01T10:00:00", "yesterday", "", "2026-1a-01T10:00:00Z",
  ]

  @Test(arguments: texts)
  func readsWhatFoundationsISO8601StrategyReads(_ text: String) {
    let foundation = try? Date(text, strategy: .iso8601)
    #expect(Timestamp.parse(iso8601: text) == foundation)
  }

  /// Texts Foundation's strategy reads by moving a field over (a 30 February becomes
  /// 2 March, 24:00 the next day) or by ignoring what follows; a mistyped `--since` is
  /// refused instead of meaning another time.
  @Test(arguments: [
    "2026-02-30T10:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T10:60:00Z",
    "2026-12-01T10:00:00ZZ", "2026-12-01T10:00:00+1:00", "2026-12-01T10:00:00+01:0",
  ])
  func refusesWhatFoundationWouldReinterpret(_ text: String) {
    #expect((try? Date(text, strategy: .iso8601)) != nil)
    #expect(Timestamp.parse(iso8601: text) == nil)
  }
}
