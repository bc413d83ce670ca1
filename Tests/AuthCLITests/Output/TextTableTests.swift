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

  @Test func jsonHasSortedKeys() {
    let text = JSONText.render(["b": 1, "a": JSONText.time(nil)])
    #expect(text == "{\n  \"a\" : null,\n  \"b\" : 1\n}\n")
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
}
