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

  @Test(arguments: Engine.allCases)
  func auditFollowsTheAccountAcrossRenames(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    #expect(try await sandbox.run(["migrate"]).status == 0)
    #expect(try await sandbox.addUser("ada").status == 0)
    #expect(try await sandbox.addUser("zed", password: Passphrase.second).status == 0)
    #expect(try await sandbox.signIn("ada", password: Passphrase.first).status == 0)
    #expect(try await sandbox.run(["users", "rename", "ada", "ava"]).status == 0)
    // Zed takes the name ada left.
    #expect(try await sandbox.run(["users", "rename", "zed", "ada"]).status == 0)

    // The account once named ada: its whole history, every row under its name now.
    let ava = try #require(
      try await sandbox.run(["audit", "--json", "--user", "ava"]).json() as? [[String: Any]])
    #expect(
      ava.compactMap { $0["kind"] as? String }
        == ["account_renamed", "sign_in_succeeded", "account_added"], "\(ava)")
    #expect(Set(ava.compactMap { $0["username"] as? String }) == ["ava"], "\(ava)")
    // Whoever holds the name ada now: zed's history, never the sign-in of the account
    // that had the name before.
    let ada = try #require(
      try await sandbox.run(["audit", "--json", "--user", "ada"]).json() as? [[String: Any]])
    #expect(
      ada.compactMap { $0["kind"] as? String } == ["account_renamed", "account_added"], "\(ada)")
    #expect(Set(ada.compactMap { $0["username"] as? String }) == ["ada"], "\(ada)")
    let table = try await sandbox.run(["audit", "--user", "ada"])
    #expect(table.status == 0, "\(table.errors)")
    #expect(table.output.contains("renamed from zed to ada"), "\(table.output)")
    #expect(!table.output.contains("sign_in_succeeded"), "\(table.output)")

    // A deleted account's history is found under its last name.
    #expect(try await sandbox.run(["users", "delete", "ava", "--yes"]).status == 0)
    let gone = try #require(
      try await sandbox.run(["audit", "--json", "--user", "ava"]).json() as? [[String: Any]])
    #expect(gone.contains { $0["kind"] as? String == "sign_in_succeeded" }, "\(gone)")
    #expect(Set(gone.compactMap { $0["username"] as? String }) == ["ava"], "\(gone)")
  }
}
