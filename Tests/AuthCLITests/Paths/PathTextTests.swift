import Foundation
import Testing

@testable import AuthCLI

/// The lexical path helpers agree with `NSString`'s, which authcli used before.
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
}
