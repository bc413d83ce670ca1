import Foundation
import Testing

@testable import AuthCLI

extension DocumentationChecks {
  /// The first column of docs/cli.md's "Commands at a glance" is written by the declarations:
  /// one row per command that runs, in the order help lists them, each the command's words,
  /// arguments and own options as its usage line shows them. Only the second column is
  /// written by hand; `AUTHCLI_UPDATE_SAMPLES=1` rewrites the first, keeping each command's
  /// description (a new command starts with its abstract).
  @Suite("Documentation: the synopsis rows are the declarations'")
  @MainActor
  struct SynopsisTests {
    private static let page = "docs/cli.md"
    private static let header = "| Command | What it does |"

    @Test func everyRowAtAGlanceIsADeclaredSynopsis() throws {
      let document = try MarkdownDocument(root: Manual.root, relativePath: Self.page)
      let table = try document.tableRows(under: Self.header)
      let rows = try document.lines[table].map { line in
        guard let match = line.firstMatch(of: /^\| `([^`]+)` \| (.*) \|$/) else {
          throw RowError(line: line)
        }
        return (synopsis: String(match.output.1), description: String(match.output.2))
      }

      let tool = AuthCLITool.declaration
      let declared = tool.runnablePaths.filter { $0.count > 1 }.map { path in
        (
          words: path.dropFirst().map(\.name).joined(separator: " "),
          synopsis: tool.synopsis(for: path), abstract: path.last?.abstract ?? ""
        )
      }
      #expect(!declared.isEmpty)
      guard rows.map(\.synopsis) != declared.map(\.synopsis) else { return }

      if Manual.isUpdating {
        let generated = declared.map { command in
          let description =
            rows.first { Self.words(of: $0.synopsis) == command.words }?.description
            ?? command.abstract
          return "| `\(command.synopsis)` | \(description) |"
        }
        return try document.write(generated, replacing: table, root: Manual.root)
      }
      Issue.record(
        Comment(
          rawValue:
            "\(Self.page):\(table.lowerBound + 1): the commands at a glance are not the declared "
            + "synopses (\(Manual.updateHint)); declared, in order:\n"
            + declared.map(\.synopsis).joined(separator: "\n")))
    }

    /// The other tables of commands name a command (and at most one of its own options, for
    /// a mode such as `migrate --adopt`) without spelling out a synopsis of their own, which
    /// would drift from the declared one.
    @Test func otherTablesNameDeclaredCommandsWithoutASynopsis() throws {
      let document = try MarkdownDocument(root: Manual.root, relativePath: Self.page)
      let header = "| Command | Does | `--json` keys |"
      let headerIndex = try #require(document.lines.firstIndex(of: header))
      let tool = AuthCLITool.declaration
      var checked = 0
      for line in document.lines[(headerIndex + 2)...] {
        guard line.hasPrefix("| "),
          let match = line.firstMatch(of: /^\| `([^`]+)` \|/)
        else { break }
        var words = match.output.1.split(separator: " ").map(String.init)
        let option = words.last?.hasPrefix("--") == true ? words.removeLast() : nil
        let path = tool.path(to: words)
        #expect(path?.last?.action != nil, "\(Self.page): `\(match.output.1)` is no command")
        if let option {
          let own = path?.last?.options.map(\.longForm) ?? []
          #expect(own.contains(option), "\(Self.page): `\(match.output.1)`")
        }
        checked += 1
      }
      #expect(checked > 10)
    }

    /// The command's words at the start of a synopsis: `users lock` of
    /// `users lock <username> [--reason <text>]`.
    private static func words(of synopsis: String) -> String {
      synopsis.split(separator: " ")
        .prefix { !($0.hasPrefix("[") || $0.hasPrefix("<") || $0.hasPrefix("-")) }
        .joined(separator: " ")
    }
  }
}

/// A line of the table that is not `| `synopsis` | description |`.
private struct RowError: Error, CustomStringConvertible {
  let line: String
  var description: String { "not a `| `synopsis` | description |` row: \(line)" }
}
