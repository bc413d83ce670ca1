import Foundation
import Testing

@testable import AuthCLI

extension DocumentationChecks {
  /// docs/cli.md's environment table is written by the declarations (`EnvironmentVariable`):
  /// one row per variable authcli reads, in their order, with the meaning the man page
  /// shows; `AUTHCLI_UPDATE_SAMPLES=1` rewrites it. Its Files section names every file
  /// authcli keeps on its own (`KnownFile`).
  @Suite("Documentation: the environment and files are the declarations'")
  @MainActor
  struct EnvironmentTableTests {
    private static let page = "docs/cli.md"
    private static let header = "| Variable | Effect |"

    @Test func theEnvironmentTableIsTheDeclaredOne() throws {
      let document = try MarkdownDocument(root: Manual.root, relativePath: Self.page)
      let declared = EnvironmentVariable.all.map { "| `\($0.name)` | \($0.meaning) |" }
      #expect(declared.count > 10)
      try document.check(
        table: document.tableRows(under: Self.header), declared: declared,
        problem: "the environment table is not the declared one")
    }

    @Test func theFilesSectionNamesEveryDeclaredFile() throws {
      let text = try String(contentsOfFile: Manual.root + "/" + Self.page, encoding: .utf8)
      let start = try #require(text.range(of: "\n## Files\n"))
      let rest = text[start.upperBound...]
      let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
      for file in KnownFile.all {
        #expect(section.contains(file.label), "\(Self.page) Files does not name \(file.label)")
      }
    }
  }
}
