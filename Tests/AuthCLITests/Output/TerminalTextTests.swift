import Foundation
import Testing

@testable import AuthCLI

@Suite("Terminal text")
struct TerminalTextTests {
  @Test(
    "every invisible, reordering or control character is escaped",
    arguments: [
      0x00, 0x0A, 0x0D, 0x1B, 0x7F, 0x85, 0x9B, 0xAD, 0x061C, 0x115F, 0x180E, 0x200B, 0x200C,
      0x200D, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202E, 0x2060, 0x2066, 0x2069, 0x3164,
      0xFE0F, 0xFEFF, 0xFFA0, 0xE000, 0xF8FF, 0x0378, 0xE0001, 0xE0041, 0xE007F, 0x10FFFD,
    ] as [UInt32])
  func escaped(value: UInt32) throws {
    let scalar = try #require(Unicode.Scalar(value))
    let text = "a" + String(scalar) + "b"
    let shown = TerminalText.visible(text)
    #expect(shown == "a\\u{" + String(value, radix: 16, uppercase: true) + "}b")
    #expect(TerminalText.containsUnsafe(text))
  }

  @Test(
    "printable text stays as it is",
    arguments: ["admin", "Zoë", "日本語", "emoji 🙂", "ﬁ ligature", "a b", "Ä", "e\u{301}"])
  func kept(text: String) {
    #expect(TerminalText.visible(text) == text)
  }

  @Test("JSON gets \\u escapes that decode to the same value")
  func json() throws {
    let name = "ad\u{200B}min\u{202E}\u{85}\u{E0041}"
    let rendered = try JSONText.render(["name": name])
    #expect(rendered.contains("\\u200b"))
    #expect(rendered.contains("\\u202e"))
    #expect(rendered.contains("\\u0085"))
    #expect(rendered.contains("\\udb40\\udc41"))
    #expect(!rendered.unicodeScalars.contains { TerminalText.isUnsafe($0) && $0 != "\n" })
    let decoded = try JSONSerialization.jsonObject(with: Data(rendered.utf8)) as? [String: String]
    #expect(decoded == ["name": name])
  }
}
