import Foundation
import Testing

@testable import AuthCLI

extension DocumentationChecks {
  /// docs/cli.md's two tables of JSON keys are written by the declarations: the keys of each
  /// command's value (`JSONOutputCatalog` and each value's `CodingKeys`) and the deprecated
  /// keys with what replaces them (each value's `deprecatedKeys`). `AUTHCLI_UPDATE_SAMPLES=1`
  /// rewrites them.
  @Suite("Documentation: the JSON key tables are the declarations'")
  struct JSONKeyTableTests {
    private static let page = "docs/cli.md"

    /// `| Command | Value | Keys |`: each value's current keys, sorted as they print.
    static var keyRows: [String] {
      JSONOutputCatalog.entries.map { entry in
        let deprecated = entry.output.deprecatedKeyNames
        let keys = entry.output.keys.filter { deprecated[$0] == nil }
          .sorted(by: JSONText.isOrderedBefore)
        let place = entry.place.isEmpty ? "the result" : Self.placeText(entry.place)
        return "| `\(entry.command)` | \(place) | "
          + keys.map { "`\($0)`" }.joined(separator: ", ") + " |"
      }
    }

    /// `| Command | Deprecated key | Now |`: one row per deprecated key.
    static var deprecatedRows: [String] {
      JSONOutputCatalog.entries.flatMap { entry in
        entry.output.deprecatedKeyNames.sorted { $0.key < $1.key }.map { key, now in
          let place = entry.place.isEmpty ? "" : " (in " + Self.placeText(entry.place) + ")"
          return "| `\(entry.command)` | `\(key)`\(place) | \(now) |"
        }
      }
    }

    /// `each line`, `on SQLite` as they are; a place of keys in backquotes.
    private static func placeText(_ place: String) -> String {
      place.hasPrefix("each ") || place.hasPrefix("on ") || place.hasPrefix("with ")
        ? place : "`\(place)`"
    }

    @Test func theKeysOfEachCommandAreTheDeclaredOnes() throws {
      try check(header: "| Command | Value | Keys |", rows: Self.keyRows)
    }

    @Test func theDeprecatedKeysAreTheDeclaredOnes() throws {
      try check(header: "| Command | Deprecated key | Now |", rows: Self.deprecatedRows)
    }

    private func check(header: String, rows: [String]) throws {
      #expect(!rows.isEmpty)
      let document = try MarkdownDocument(root: Manual.root, relativePath: Self.page)
      try document.check(
        table: document.tableRows(under: header), declared: rows,
        problem: "the table under `\(header)` is not the declarations'")
    }
  }
}
