import Foundation
import Testing

/// Help and tables fit the width `COLUMNS` names when standard output is no terminal (the
/// pseudo-terminal script `PTY/terminal_layout.py` checks a terminal's own window size).
@Suite("End to end: widths from COLUMNS")
struct TerminalWidthTests {
  private static func widest(_ text: String) -> Int {
    text.split(separator: "\n").map(\.count).max() ?? 0
  }

  @Test func helpFitsFortyColumnsAndUsesAHundredAndTwenty() async throws {
    let sandbox = try Sandbox()
    let narrow = try await sandbox.run(["--help"], extraEnvironment: ["COLUMNS": "40"])
    #expect(narrow.status == 0)
    #expect(Self.widest(narrow.output) <= 40, "\(narrow.output)")
    #expect(narrow.output.contains("--db <path>"))
    let wide = try await sandbox.run(["--help"], extraEnvironment: ["COLUMNS": "120"])
    #expect(Self.widest(wide.output) > 80, "\(wide.output)")
    #expect(Self.widest(wide.output) <= 120, "\(wide.output)")
    // Without a terminal or COLUMNS, pages keep their 80 columns.
    let plain = try await sandbox.run(["help", "signup"])
    #expect(Self.widest(plain.output) <= 80)
    #expect(Self.widest(plain.output) > 60, "\(plain.output)")
    let manual = try await sandbox.run(["help", "--man"], extraEnvironment: ["COLUMNS": "40"])
    let usage = manual.output.split(separator: "\n").drop { $0 != ".nf" }.prefix { $0 != ".fi" }
    #expect(!usage.isEmpty)
    // Roff's escapes (`\-` for a hyphen) take no column once rendered.
    let shown = usage.map { $0.replacingOccurrences(of: "\\", with: "") }
    #expect(shown.allSatisfy { $0.count <= 40 - "USAGE: ".count }, "\(shown)")
  }

  @Test func tablesFitFortyColumnsAsRecordsAndStayOneLineARowAtEightyAndAHundredAndTwenty()
    async throws
  {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("olga").status == 0)
    #expect(try await sandbox.signUp("bert").status == 0)
    for command in [["users", "list"], ["sessions", "list"]] {
      let narrow = try await sandbox.run(command, extraEnvironment: ["COLUMNS": "40"])
      #expect(narrow.status == 0, "\(narrow.errors)")
      #expect(Self.widest(narrow.output) <= 40, "\(command): \(narrow.output)")
      // Each value beside its header, a record per row.
      #expect(
        narrow.output.contains("\nCREATED (UTC)  ") || narrow.output.contains("STARTED (UTC)  "))
      // At 80 columns too: the zone is in the header, so no time wraps onto a second line.
      let usual = try await sandbox.run(command, extraEnvironment: ["COLUMNS": "80"])
      #expect(Self.widest(usual.output) <= 80, "\(command): \(usual.output)")
      #expect(
        usual.output.split(separator: "\n").count == (command[0] == "users" ? 3 : 2),
        "\(command): \(usual.output)")
      let wide = try await sandbox.run(command, extraEnvironment: ["COLUMNS": "120"])
      let lines = wide.output.split(separator: "\n")
      #expect(Self.widest(wide.output) <= 120)
      // The header, then one line a row.
      #expect(lines.count == (command[0] == "users" ? 3 : 2), "\(command): \(wide.output)")
      let piped = try await sandbox.run(command)
      #expect(piped.output == wide.output, "a pipe keeps the natural width")
    }
  }
}
