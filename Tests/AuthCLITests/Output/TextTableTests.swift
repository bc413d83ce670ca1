import Foundation
import Testing

@testable import AuthCLI

@Suite("Tables and times")
struct TextTableTests {
  @Test func columnsAreAlignedWithoutTrailingSpaces() {
    let table = TextTable(
      headers: ["ID", "CREATED", "CURRENT"],
      rows: [["1", "yesterday", "yes"], ["12", "now", ""]])
    #expect(
      table.render() == """
        ID  CREATED    CURRENT
        1   yesterday  yes
        12  now

        """)
  }

  @Test func timesAreUTC() {
    let date = Date(timeIntervalSince1970: 1_700_000_000)
    #expect(Timestamp.iso8601(date) == "2023-11-14T22:13:20Z")
    #expect(Timestamp.readable(date) == "2023-11-14 22:13:20 UTC")
  }

  @Test func cellsShowControlCharactersEscapedAndAlignByWhatIsShown() {
    let table = TextTable(headers: ["NAME", "N"], rows: [["a\u{1B}[2Jb", "1"], ["c", "2"]])
    #expect(
      table.render() == """
        NAME         N
        a\\u{1B}[2Jb  1
        c            2

        """)
  }

  @Test func aNarrowWidthWrapsTheWidestColumnWithinItsOwnColumn() {
    let table = TextTable(
      headers: ["TIME", "DETAIL"],
      rows: [["10:00", "the password was changed from a terminal far away"], ["11:00", "ok"]])
    let rendered = table.render(style: Style(isEnabled: false, columns: 30))
    #expect(
      rendered == """
        TIME   DETAIL
        10:00  the password was
               changed from a terminal
               far away
        11:00  ok

        """)
    // Without a width (a file, a pipe), the natural width stays.
    #expect(table.render().split(separator: "\n")[1].count > 30)
  }

  @Test func tooNarrowForTheColumnsSideBySideEachRowIsARecord() {
    let table = TextTable(
      headers: ["USERNAME", "CREATED", "ACTIVE SESSIONS"],
      rows: [["olga", "2023-11-14", "1"], ["bert", "never", "0"]])
    // The headers whole and the dates unbroken need 37 columns side by side.
    #expect(
      table.render(style: Style(isEnabled: false, columns: 36)) == """
        USERNAME         olga
        CREATED          2023-11-14
        ACTIVE SESSIONS  1

        USERNAME         bert
        CREATED          never
        ACTIVE SESSIONS  0

        """)
  }

  @Test func aWideTerminalKeepsOneLineARow() {
    let table = TextTable(
      headers: ["USERNAME", "CREATED", "ACTIVE SESSIONS"],
      rows: [["olga", "2023-11-14 22:13:20 UTC", "1"]])
    #expect(table.render(style: Style(isEnabled: false, columns: 120)) == table.render())
  }
}
