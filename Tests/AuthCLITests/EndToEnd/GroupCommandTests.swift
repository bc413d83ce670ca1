import Foundation
import Testing

/// `groups …`, `users show`'s groups and `verify --group` through the real binary on both
/// engines.
@Suite("End to end: groups")
struct GroupCommandTests {
  @Test(arguments: Engine.allCases)
  func membersAreAddedListedShownAndRemoved(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    try await sandbox.migrate(adding: ["ada", "bob", "cyd"])

    let added = try await sandbox.run(["groups", "add", "Staff", "ada", "BOB"])
    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output == "Added ada, bob to staff.\n")
    let again = try await sandbox.run(["groups", "add", "staff", "bob", "cyd", "--json"])
    let againJSON = try #require(try again.json() as? [String: Any])
    #expect(againJSON["added_members"] as? [String] == ["cyd"])
    #expect(againJSON["already_members"] as? [String] == ["bob"])
    #expect(try await sandbox.run(["groups", "add", "web", "ada"]).status == 0)
    let unchanged = try await sandbox.run(["groups", "add", "staff", "ada", "bob"])
    #expect(unchanged.output == "ada, bob were in staff already.\n")
    let notMember = try await sandbox.run(["groups", "remove", "web", "bob"])
    #expect(notMember.output == "bob was not in web.\n", "\(notMember.errors)")

    // All or nothing: one name with no account, and nothing changes.
    let refused = try await sandbox.run(["groups", "add", "admins", "ada", "nobody"])
    #expect(refused.status == 65)
    #expect(refused.errors.contains("No account named 'nobody'"), "\(refused.errors)")
    #expect(try await sandbox.run(["groups", "add", "-x", "ada"]).status == 64)

    let list = try await sandbox.run(["groups", "list", "--json"])
    let groups = try #require(try list.json() as? [[String: Any]])
    #expect(groups.map { $0["group"] as? String } == ["staff", "web"])
    #expect(groups.map { $0["member_count"] as? Int } == [3, 1])
    let members = try await sandbox.run(["groups", "list", "staff"])
    #expect(members.output == "ada\nbob\ncyd\n")
    let missing = try await sandbox.run(["groups", "list", "admins", "--json"])
    #expect(missing.status == 65)
    #expect(missing.errors.contains("no_such_group"), "\(missing.errors)")

    let shown = try await sandbox.run(["users", "show", "ada", "--json"])
    #expect((try shown.json() as? [String: Any])?["groups"] as? [String] == ["staff", "web"])
    let shownText = try await sandbox.run(["users", "show", "cyd"])
    #expect(shownText.output.contains("Groups:          staff\n"), "\(shownText.output)")

    let removed = try await sandbox.run(["groups", "remove", "web", "ada", "--json"])
    #expect((try removed.json() as? [String: Any])?["removed_members"] as? [String] == ["ada"])
    #expect(try await sandbox.run(["groups", "list", "web"]).status == 65)
    #expect(try await sandbox.run(["groups", "remove", "web", "ada"]).status == 65)

    let audit = try await sandbox.run(["audit", "--kind", "group_member_removed", "--json"])
    let events = try #require(try audit.json() as? [[String: Any]])
    #expect(events.map { $0["detail"] as? String } == ["group web"])
    #expect(events.map { $0["username"] as? String } == ["ada"])
  }

  @Test(arguments: Engine.allCases)
  func anHtgroupFileIsImportedWholeOrNotAtAll(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    try await sandbox.migrate(adding: ["ada", "bob"])
    let path = sandbox.root + "/groups"
    try "# made by htgroup\nstaff: ada bob\nweb: ada carl\nnonsense\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    let refused = try await sandbox.run(["groups", "import", "--format", "htgroup", path])
    #expect(refused.status == 65)
    #expect(
      refused.errors.contains(
        "Nothing was imported: 2 lines refused.\nError: line 3: no account named 'carl'\n"
          + "Error: line 4: no ':' after the group name"), "\(refused.errors)")
    #expect(try await sandbox.run(["groups", "list"]).output == "No groups yet.\n")

    try "staff: ada bob\nweb: ada\n".write(toFile: path, atomically: true, encoding: .utf8)
    let dryRun = try await sandbox.run(
      ["groups", "import", "--format", "htgroup", "--dry-run", path])
    #expect(dryRun.status == 0, "\(dryRun.errors)")
    #expect(dryRun.output == "Would add 3 memberships to 2 groups; nothing was written.\n")
    #expect(try await sandbox.run(["groups", "list"]).output == "No groups yet.\n")
    let imported = try await sandbox.run(
      ["groups", "import", "--format", "htgroup", "-", "--json"],
      input: "staff: ada bob\nweb: ada\n")
    #expect(imported.status == 0, "\(imported.errors)")
    let report = try #require(try imported.json() as? [String: Any])
    #expect(report["imported_memberships"] as? Int == 3)
    #expect(try await sandbox.run(["groups", "list", "web"]).output == "ada\n")
  }

  @Test(arguments: Engine.allCases)
  func verifyAndCheckAdmitOnlyMembers(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    try await sandbox.migrate(adding: ["ada", "bob"])
    #expect(try await sandbox.run(["groups", "add", "staff", "ada"]).status == 0)
    func verify(_ name: String, _ password: String, _ groups: [String]) async throws -> Int32 {
      try await sandbox.run(
        ["verify", "--username", name, "--password-stdin"] + groups.flatMap { ["--group", $0] },
        input: password + "\n"
      ).status
    }
    #expect(try await verify("ada", Passphrase.first, ["web", "staff"]) == 0)
    #expect(try await verify("bob", Passphrase.first, ["staff"]) == 77)
    #expect(try await verify("bob", Passphrase.first, []) == 0)
    #expect(try await verify("ada", Passphrase.second, ["staff"]) == 77)
    #expect(try await verify("ada", Passphrase.first, ["Not A Group"]) == 64)
    let pam = try await sandbox.run(
      ["verify", "--pam", "--group", "staff"], input: Passphrase.first + "\u{0}",
      extraEnvironment: ["PAM_USER": "bob", "PAM_SERVICE": "sshd"])
    #expect(pam.status == 77)
    #expect(pam.output.isEmpty)
    let pamMember = try await sandbox.run(
      ["verify", "--pam", "--group", "staff"], input: Passphrase.first + "\u{0}",
      extraEnvironment: ["PAM_USER": "ada", "PAM_SERVICE": "sshd"])
    #expect(pamMember.status == 0, "\(pamMember.errors)")

    let audit = try await sandbox.run(
      ["audit", "--user", "bob", "--kind", "sign_in_failed", "--json"])
    let details = (try audit.json() as? [[String: Any]])?.compactMap { $0["detail"] as? String }
    #expect(
      details == [
        "not in group staff (verify; PAM service sshd)", "not in group staff (verify)",
      ])
    // A right password outside the group is no guess: bob's count is untouched.
    let bob = try await sandbox.run(["users", "show", "bob", "--json"])
    #expect((try bob.json() as? [String: Any])?["failed_attempts"] as? Int == 0)

    #expect(try await sandbox.run(["groups", "check", "ada", "web", "staff"]).status == 0)
    let outside = try await sandbox.run(["groups", "check", "bob", "staff", "--json"])
    #expect(outside.status == 77)
    #expect(outside.errors.contains("not_in_group"), "\(outside.errors)")
    #expect(try await sandbox.run(["groups", "check", "nobody", "staff"]).status == 77)
    // mod_authnz_external's pipe: the name, then the groups apart by spaces.
    let piped = try await sandbox.run(["groups", "check", "--stdin"], input: "ada\nweb staff\n")
    #expect(piped.status == 0, "\(piped.errors)")
    let pipedOutside = try await sandbox.run(["groups", "check", "--stdin"], input: "bob\nstaff\n")
    #expect(pipedOutside.status == 77)
    #expect(try await sandbox.run(["groups", "check", "ada"]).status == 64)
  }
}
