import Foundation
import Testing

@testable import AuthCLI

/// docs/cli.md is the command-line reference: it must name every declared command.
@Suite("The command-line reference")
@MainActor
struct ReferenceDocumentTests {
  private static let document = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("docs/cli.md").path

  @Test func everyDeclaredCommandIsDocumented() throws {
    let text = try String(contentsOfFile: Self.document, encoding: .utf8)
    func visit(_ words: [String], _ command: Subcommand) {
      for child in command.subcommands {
        let typed = words + [child.name]
        #expect(text.contains("`" + typed.joined(separator: " ")), "\(typed)")
        visit(typed, child)
      }
    }
    visit([], AuthCLITool.declaration.root)
    for code in ExitCode.allCases {
      #expect(text.contains("\n  \(code.rawValue) ") && text.contains(code.name), "\(code)")
    }
  }
}
