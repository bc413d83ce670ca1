import Foundation
import Testing

@testable import AuthCLI

/// The path helpers agree with `NSString`'s, which authcli used before: session files are
/// named after the standard form of the database path, so it must not change.
@Suite struct PathTextTests {
  static let paths = [
    "/a/b", "/a", "/", "name", "/a/b/", "/a//b", "//a", "a/b", "/a/b//", "", "./x", "/a/./b/../c",
  ]

  @Test(arguments: paths)
  func parentIsWhatNSStringGives(_ path: String) {
    #expect(PathText.parent(of: path) == (path as NSString).deletingLastPathComponent)
  }

  @Test(arguments: ["/a/b", "/a//b/./c/../d/", "/..", "/a/..", "/a/b/../../..", "/x/.hidden/y"])
  func standardizedIsWhatNSStringGivesForPathsWithoutLinks(_ path: String) {
    #expect(PathText.standardized(path) == (path as NSString).standardizingPath)
  }

  @Test func linksWithAbsoluteTargetsResolveAsNSStringResolvesThem() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("authcli-pathtext-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/real/sub", withIntermediateDirectories: true)
    try manager.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/real")
    try manager.createSymbolicLink(atPath: root + "/chain", withDestinationPath: root + "/link")
    try manager.createSymbolicLink(atPath: root + "/relative", withDestinationPath: "real/sub")
    for path in [
      "/link/auth.sqlite3", "/link/sub/auth.sqlite3", "/link/missing/auth.sqlite3",
      "/chain/auth.sqlite3", "/link/../auth.sqlite3", "/real/./sub/../auth.sqlite3",
      "/link",
    ] {
      let full = root + path
      #expect(PathText.standardized(full) == (full as NSString).standardizingPath, "\(path)")
    }
    // Foundation resolved a relative target against the working directory, not the
    // link's folder, so its answer depended on where authcli ran; this is the right one.
    #expect(
      PathText.standardized(root + "/relative/auth.sqlite3") == root + "/real/sub/auth.sqlite3")
  }
}
