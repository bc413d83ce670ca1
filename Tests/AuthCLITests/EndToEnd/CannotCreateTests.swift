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
      #expect(run.errors == "Error: Cannot create \(blocker): a file is in the way\n")
    }
  }

  @Test func theShellRefusesNoInput() async throws {
    let sandbox = try Sandbox()
    let run = try await sandbox.run(["shell", "--no-input"])
    #expect(run.status == 64)
    #expect(run.errors.hasPrefix("Error: The shell reads everything from its input"))
  }
}
