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
      let headerIndex = try #require(
        document.lines.firstIndex(of: Self.header), "\(Self.page) has no `\(Self.header)` table")
      let first = headerIndex + 2
      var end = first
      while end < document.lines.count, document.lines[end].hasPrefix("| ") { end += 1 }
      let declared = EnvironmentVariable.all.map { "| `\($0.name)` | \($0.meaning) |" }
      #expect(declared.count > 10)
      let rows = Array(document.lines[first..<end])
      guard rows != declared else { return }
      if Manual.isUpdating {
        var lines = document.lines
        lines.replaceSubrange(first..<end, with: declared)
        try lines.joined(separator: "\n").write(
          toFile: Manual.root + "/" + Self.page, atomically: true, encoding: .utf8)
        return
      }
      Issue.record(
        Comment(
          rawValue: "\(Self.page):\(first + 1): the environment table is not the declared one "
            + "(\(Manual.updateHint)); declared:\n" + declared.joined(separator: "\n")))
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
