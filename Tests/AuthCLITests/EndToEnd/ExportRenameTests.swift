import Foundation
import Testing

/// `users export` and `users rename` through the real binary on both engines.
@Suite("End to end: users export and rename")
struct ExportRenameTests {
  @Test(arguments: Engine.allCases)
  func exportWritesEveryAccountAndRenameKeepsTheSession(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    let signedUp = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"],
      input: Passphrase.first + "\n" + Passphrase.first + "\n")
    #expect(signedUp.status == 0, "\(signedUp.errors)")
    let added = try await sandbox.run(
      ["users", "add", "--username", "bob", "--password-stdin"],
      input: Passphrase.second + "\n" + Passphrase.second + "\n")
    #expect(added.status == 0, "\(added.errors)")
    #expect(try await sandbox.run(["users", "lock", "bob", "--reason", "left"]).status == 0)

    let exported = try await sandbox.run(["users", "export"])
    #expect(exported.status == 0, "\(exported.errors)")
    let lines = exported.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let objects = try lines.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(objects.map { $0["username"] as? String } == ["ada", "bob"])
    #expect(
      objects.allSatisfy { ($0["password_hash"] as? String)?.hasPrefix("$argon2id$") == true })
    #expect(objects[0]["last_sign_in_at"] is String)
    #expect(objects[1]["locked"] as? Bool == true)
    #expect(objects[1]["lock_reason"] as? String == "left")

    let path = sandbox.root + "/accounts.jsonl"
    let toFile = try await sandbox.run(["users", "export", path])
    #expect(toFile.status == 0, "\(toFile.errors)")
    #expect(try sandbox.mode(of: path) & 0o777 == 0o600)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == exported.output)
    let again = try await sandbox.run(["users", "export", path])
    #expect(again.status == 73)

    let renamed = try await sandbox.run(["users", "rename", "ada", "ava", "--json"])
    #expect(renamed.status == 0, "\(renamed.errors)")
    #expect((try renamed.json() as? [String: Any])?["previous_username"] as? String == "ada")
    let whoami = try await sandbox.run(["whoami"])
    #expect(whoami.status == 0, "\(whoami.errors)")
    #expect(whoami.output.contains("ava"), "\(whoami.output)")
    #expect(try await sandbox.run(["users", "rename", "ava", "bob"]).status == 65)
    #expect(try await sandbox.run(["users", "rename", "nobody", "somebody"]).status == 65)
  }

  /// An export holds every hash: a folder others may write to is refused as a token file's
  /// would be (they could swap the file once written), and nothing appears in it; a
  /// symbolic link at the path, dangling or not, is never followed.
  @Test func anExportIntoAFolderOthersCanWriteOrThroughALinkIsRefused() async throws {
    let sandbox = try Sandbox()
    let signedUp = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"],
      input: Passphrase.first + "\n" + Passphrase.first + "\n")
    #expect(signedUp.status == 0, "\(signedUp.errors)")
    for mode in [0o777, 0o770] {
      let folder = sandbox.root + "/open-\(String(mode, radix: 8))"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      #expect(chmod(folder, mode_t(mode)) == 0)
      let exported = try await sandbox.run(["users", "export", folder + "/accounts.jsonl"])
      #expect(exported.status == 74, "\(exported.output)\(exported.errors)")
      #expect(exported.errors.contains("other users can write to it"), "\(exported.errors)")
      #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
    let target = sandbox.root + "/target"
    let link = sandbox.root + "/accounts.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    let throughLink = try await sandbox.run(["users", "export", link])
    #expect(throughLink.status == 73, "\(throughLink.errors)")
    #expect(!FileManager.default.fileExists(atPath: target))
  }
}
