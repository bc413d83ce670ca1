import Foundation
import Testing

@Suite("End to end: files that cannot be created")
struct CannotCreateTests {
  @Test func aDatabaseUnderAFileCannotBeCreated() async throws {
    let sandbox = try Sandbox()
    let blocker = sandbox.root + "/plain-file"
    _ = FileManager.default.createFile(atPath: blocker, contents: Data())
    for arguments in [["migrate"], ["shell"]] {
      let run = try await sandbox.run(arguments + ["--db", blocker + "/auth.sqlite3"])
      #expect(run.status == 73, "\(arguments)")
      #expect(
        run.errors
          == "Error: Cannot create \(blocker)/auth.sqlite3: Not a directory\n"
          + "A file stands where the path needs a folder: name another path.\n")
    }
  }

  @Test func theDefaultDatabaseFolderIsCreatedButNotOneThatWasNamed() async throws {
    let sandbox = try Sandbox()
    let named = sandbox.root + "/typo/auth.sqlite3"
    let signUp = ["signup", "--username", "ada", "--password-stdin"]
    let phrase = "correct horse battery staple\n"
    let refused = try await sandbox.run(
      signUp + ["--db", named], input: phrase)
    #expect(refused.status == 73)
    #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/typo"))
    let created = try await sandbox.run(signUp, input: phrase)
    #expect(created.status == 0, "\(created.errors)")
    let folder = sandbox.root + "/data/authcli"
    let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions]
    #expect(mode as? Int == 0o700)
  }

  @Test func aFileInTheWayOfTheDefaultFolderIsReported() async throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(
      atPath: sandbox.root + "/data", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: sandbox.root + "/data/authcli", contents: Data())
    let run = try await sandbox.run(["migrate"])
    #expect(run.status == 73)
    #expect(
      run.errors == "Error: Cannot create \(sandbox.root)/data/authcli: a file is in the way\n"
        + "Move that file away, or name another path with --db or AUTHCLI_DB.\n")
  }

  @Test func theShellRefusesNoInput() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["shell", "--no-input"])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: The shell reads everything from its input"))
  }
}
