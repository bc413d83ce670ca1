import AuthCore
import Foundation
import Testing

@Suite struct CalendarDayTests {
  @Test(
    "a day reads and writes as YYYY-MM-DD and starts at 00:00 UTC",
    arguments: [
      ("1970-01-01", 0), ("1970-01-02", 1), ("2000-02-29", 11_016), ("2024-12-31", 20_088),
      ("2027-01-01", 20_819), ("9999-12-31", 2_932_896),
    ])
  func roundTrip(text: String, dayNumber: Int) throws {
    let day = try #require(CalendarDay(parsing: text))
    #expect(day.dayNumber == dayNumber)
    #expect(day.description == text)
    #expect(day.start == Date(timeIntervalSince1970: Double(dayNumber) * 86_400))
    #expect(CalendarDay(containing: day.start.addingTimeInterval(86_399.9)) == day)
    #expect(CalendarDay(dayNumber: dayNumber) == day)
  }

  @Test(
    "anything but a day that exists, written YYYY-MM-DD from 1970 on, is refused",
    arguments: [
      "", "2027-1-01", "2027-01-1", "27-01-01", "2027/01/01", "2027-02-29", "2100-02-29",
      "2027-13-01", "2027-00-10", "2027-04-31", "1969-12-31", "+202-01-01", "2027-01-01 ",
      "２０２７-01-01", "2027-01-01T00:00",
    ])
  func refused(text: String) {
    #expect(CalendarDay(parsing: text) == nil)
  }

  @Test func aLeapDayOfACenturyDivisibleBy400Exists() throws {
    #expect(try #require(CalendarDay(parsing: "2000-02-29")).description == "2000-02-29")
    #expect(CalendarDay(dayNumber: 11_017).description == "2000-03-01")
  }
}
