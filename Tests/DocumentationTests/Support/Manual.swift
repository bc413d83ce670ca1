import Foundation
import Testing

/// The README and every file of `docs/`, read from the repository this test was built from.
enum Manual {
  /// The repository's root: three levels above this file (`Tests/DocumentationTests/Support`).
  static let root: String = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  /// `README.md` and `docs/*.md`, relative to the root, sorted.
  static func relativePaths() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
      .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    return ["README.md"] + docs
  }

  /// Every file, cut into blocks.
  static func documents() throws -> [MarkdownDocument] {
    try relativePaths().map { try MarkdownDocument(root: root, relativePath: $0) }
  }

  /// Whether this run rewrites the samples from the binary instead of checking them.
  static var isUpdating: Bool {
    ProcessInfo.processInfo.environment["AUTHCLI_UPDATE_SAMPLES"] == "1"
  }

  /// How to bring the samples up to date, for failure messages.
  static let updateHint =
    "to take the binary's output: AUTHCLI_UPDATE_SAMPLES=1 swift test --skip-build "
    + "--filter DocumentationTests, then review the diff (after a merge conflict inside a "
    + "sample, keep either side and run it again)"
}

/// The checks of the README and `docs/`, one at a time: with `AUTHCLI_UPDATE_SAMPLES=1` they
/// rewrite the same files.
@Suite(.serialized) enum DocumentationChecks {}
