import AuthTestSupport
import Foundation
import TerminalQR
import Testing

/// The drawing read back: its glyphs turned into modules again, and those modules decoded
/// by ZBar (`zbarimg`), a QR reader written independently of libqrencode.
@Suite struct HalfBlockRendererTests {
  static let uri =
    "otpauth://totp/authcli:alice?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=authcli"
    + "&algorithm=SHA1&digits=6&period=30"

  /// The modules a drawing shows, row by row over its whole side (quiet zone included),
  /// `true` for dark; the glyphs are read as their halves, with ink light or dark.
  static func modules(of lines: [String], side: Int, inkIsLight: Bool) -> [[Bool]] {
    var rows = [[Bool]](repeating: [Bool](repeating: !inkIsLight, count: side), count: side)
    for (index, line) in lines.enumerated() {
      for (column, glyph) in line.enumerated() {
        let (upper, lower): (Bool, Bool) =
          switch glyph {
          case "█": (true, true)
          case "▀": (true, false)
          case "▄": (false, true)
          default: (false, false)
          }
        rows[2 * index][column] = upper != inkIsLight
        if 2 * index + 1 < side { rows[2 * index + 1][column] = lower != inkIsLight }
      }
    }
    return rows
  }

  @Test(arguments: [true, false])
  func theDrawingIsTheCodeInAQuietZoneOfFour(inkIsLight: Bool) throws {
    let code = try QRCode(encoding: Self.uri)
    let lines = HalfBlockRenderer(inkIsLight: inkIsLight).lines(for: code)
    let side = code.width + 8
    #expect(code.width == 17 + 4 * code.version)
    #expect(code.modules.count == code.width * code.width)
    #expect(lines.count == (side + 1) / 2)
    #expect(lines.allSatisfy { $0.count == side && $0.allSatisfy { "█▀▄ ".contains($0) } })
    // The quiet zone's top rows: light, so ink everywhere when ink is light.
    #expect(lines.prefix(2).allSatisfy { $0.allSatisfy { $0 == (inkIsLight ? "█" : " ") } })
    let drawn = Self.modules(of: lines, side: side, inkIsLight: inkIsLight)
    for row in 0..<side {
      for column in 0..<side {
        #expect(drawn[row][column] == code.isDark(row: row - 4, column: column - 4))
      }
    }
  }

  @Test(
    .enabled(
      if: Tool.runsZBarTests,
      "needs zbarimg (script/setup installs zbar-tools); under CI it runs and fails"),
    arguments: [true, false])
  func zbarReadsTheTextBackFromTheDrawing(inkIsLight: Bool) throws {
    let texts = [Self.uri, "MiXeD cAsE · ünïcödé", String(repeating: "0123456789", count: 40)]
    for text in texts {
      let code = try QRCode(encoding: text)
      let lines = try HalfBlockRenderer(inkIsLight: inkIsLight).lines(encoding: text)
      let drawn = Self.modules(of: lines, side: code.width + 8, inkIsLight: inkIsLight)
      let decoded = try Tool.zbarDecode(drawn)
      #expect(decoded == text)
    }
  }

  @Test func whatCannotBeEncodedIsRefused() throws {
    #expect(throws: QRCodeError.emptyText) { try QRCode(encoding: "") }
    #expect(throws: QRCodeError.containsNUL) { try QRCode(encoding: "a\u{0}b") }
    // Level M holds at most 2,331 bytes.
    #expect(throws: QRCodeError.tooLong) {
      try QRCode(encoding: String(repeating: "x", count: 2332))
    }
    #expect(try QRCode(encoding: String(repeating: "x", count: 2331)).version == 40)
  }
}

/// Programs from the system that the tests run.
enum Tool {
  /// Whether the tests needing zbarimg run; decided, and a skip announced, once.
  static let runsZBarTests = TestEnvironment.runsTests(needing: "zbarimg", from: "zbar-tools")

  /// What `zbarimg` reads from a bitmap of these modules (`true` dark), 4 pixels a module.
  static func zbarDecode(_ modules: [[Bool]]) throws -> String {
    let scale = 4
    var pbm = "P1\n\(modules.count * scale) \(modules.count * scale)\n"
    for row in modules {
      let line = row.flatMap { [String](repeating: $0 ? "1" : "0", count: scale) }
        .joined(separator: " ")
      for _ in 0..<scale { pbm += line + "\n" }
    }
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("qr-\(UUID().uuidString).pbm")
    try Data(pbm.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // Its standard error (a complaint of a missing D-Bus, which has nothing to do with
    // reading) is left aside.
    let run = try ChildProcess.capture(
      TestEnvironment.programPath("zbarimg") ?? "/usr/bin/zbarimg",
      ["--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", "-Sbinary", file.path])
    // The bytes as encoded, nothing added (`-Sbinary`: no guess at their character set).
    return run.output
  }
}
