import AuthCore
import Foundation
import Testing

@testable import AuthCLI

@Suite("Session state file")
struct SessionStateFileTests {
  private func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "authcli-state-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    return path
  }

  private func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
  }

  @Test func eachDatabaseHasItsOwnFileInTheStateDirectory() throws {
    let environment: ProcessEnvironment = ["XDG_STATE_HOME": "/state", "HOME": "/home/ada"]
    let first = try SessionStateFile.forDatabase(at: "/a/auth.sqlite3", environment: environment)
    let second = try SessionStateFile.forDatabase(at: "/b/auth.sqlite3", environment: environment)
    #expect(first.path.hasPrefix("/state/authcli/session-"))
    #expect(first.path != second.path)
    #expect(!first.path.contains("auth.sqlite3"))
    let again = try SessionStateFile.forDatabase(at: "/a/auth.sqlite3", environment: environment)
    #expect(again.path == first.path)
    let fallback = try SessionStateFile.forDatabase(
      at: "/a/auth.sqlite3", environment: ["HOME": "/home/ada"])
    #expect(fallback.path.hasPrefix("/home/ada/.local/state/authcli/session-"))
  }

  @Test func writingCreatesAPrivateFileInAPrivateFolderAndReplacesIt() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = SessionStateFile(path: root + "/state/authcli/session-x")
    #expect(try file.read() == nil)
    try file.write(SessionToken(rawValue: "first-token"))
    #expect(try file.read() == SessionToken(rawValue: "first-token"))
    #expect(try mode(file.path) == 0o600)
    #expect(try mode(root + "/state/authcli") == 0o700)
    #expect(try mode(root + "/state") == 0o700)
    try file.write(SessionToken(rawValue: "second-token"))
    #expect(try file.read() == SessionToken(rawValue: "second-token"))
    #expect(try mode(file.path) == 0o600)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: root + "/state/authcli")
    #expect(leftovers == ["session-x"])
  }

  @Test func removingForgetsTheTokenAndToleratesAMissingFile() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = SessionStateFile(path: root + "/session-y")
    try file.write(SessionToken(rawValue: "token"))
    try file.remove()
    #expect(try file.read() == nil)
    try file.remove()
  }

  @Test func aFileInTheWayOfTheFolderCannotBeCreated() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    _ = FileManager.default.createFile(atPath: root + "/blocked", contents: Data())
    let file = SessionStateFile(path: root + "/blocked/session-z")
    #expect(throws: CLIError.cannotCreate(path: root + "/blocked", reason: .fileInTheWay)) {
      try file.write(SessionToken(rawValue: "token"))
    }
  }

  @Test func aFolderOthersCanWriteToIsNeitherReadNorWritten() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let folder = root + "/authcli"
    let file = SessionStateFile(path: folder + "/session-w")
    try file.write(SessionToken(rawValue: "token"))
    chmod(folder, 0o777)
    #expect(throws: CLIError.self) { try file.read() }
    #expect(throws: CLIError.self) { try file.write(SessionToken(rawValue: "other")) }
    chmod(folder, 0o700)
    #expect(try file.read() == SessionToken(rawValue: "token"))
  }

  @Test func aSymbolicLinkInPlaceOfTheFileIsNotFollowed() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let planted = root + "/planted"
    try Data("planted-token\n".utf8).write(to: URL(fileURLWithPath: planted))
    let file = SessionStateFile(path: root + "/session-l")
    try FileManager.default.createSymbolicLink(atPath: file.path, withDestinationPath: planted)
    #expect(
      throws: CLIError.inputOutput(path: file.path, reason: .described("it is a symbolic link"))
    ) {
      try file.read()
    }
  }

  @Test func aFolderInPlaceOfTheFileIsAnError() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let file = SessionStateFile(path: root + "/session-d")
    try FileManager.default.createDirectory(atPath: file.path, withIntermediateDirectories: false)
    #expect(
      throws: CLIError.inputOutput(path: file.path, reason: .described("it is not a regular file"))
    ) {
      try file.read()
    }
  }

  @Test func theDigestIsStableAndSixteenHexDigits() {
    #expect(PathDigest.hex(of: "") == "cbf29ce484222325")
    #expect(PathDigest.hex(of: "/a").count == 16)
    #expect(PathDigest.hex(of: "/a") != PathDigest.hex(of: "/b"))
  }

  @Test func surroundingWhitespaceIsIgnoredAndABlankFileMeansSignedOut() throws {
    let root = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let path = root + "/session-z"
    let file = SessionStateFile(path: path)
    try Data(" \t tok en\r\n\n".utf8).write(to: URL(fileURLWithPath: path))
    // Private, as authcli writes it: one others can read is refused.
    #expect(chmod(path, 0o600) == 0)
    #expect(try file.read() == SessionToken(rawValue: "tok en"))
    try Data(" \n\t\r\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(try file.read() == nil)
  }
}
