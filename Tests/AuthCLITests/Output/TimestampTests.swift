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
}
