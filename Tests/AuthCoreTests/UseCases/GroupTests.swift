import AuthCore
import Foundation
import Testing

@Suite struct GroupTests {
  private func names(_ groups: [GroupName]) -> [String] { groups.map(\.canonical) }

  @Test func addRemoveAndListAreAllOrNothingAndAudited() async throws {
    let fixture = try UseCaseFixture()
    for name in ["ada", "bob", "carl"] { _ = try await fixture.register(name) }
    let groups = fixture.services.groups

    let added = try await groups.addMembers(["ADA", "bob", "ada"], to: "Staff")
    #expect(
      added
        == GroupChange(
          group: try #require(GroupName.validate("staff").asValidated),
          changed: ["ada", "bob"], unchanged: []))
    let again = try await groups.addMembers(["bob", "carl"], to: "staff")
    #expect(again.changed == ["carl"])
    #expect(again.unchanged == ["bob"])
    _ = try await groups.addMembers(["ada"], to: "web")

    // One name with no account and nothing changes.
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await groups.addMembers(["ada", "nobody"], to: "admins")
    }
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "x!"))) {
      try await groups.addMembers(["x!"], to: "admins")
    }
    await #expect(throws: AuthError.self) { try await groups.addMembers(["ada"], to: "-bad") }

    let summaries = try await groups.groups()
    #expect(summaries.map(\.name.canonical) == ["staff", "web"])
    #expect(summaries.map(\.memberCount) == [3, 1])
    #expect(try await groups.members(of: "STAFF").map(\.username) == ["ada", "bob", "carl"])
    let details = try await fixture.administration.account(named: "ada")
    #expect(names(details.groups) == ["staff", "web"])

    let removed = try await groups.removeMembers(["ada", "carl"], from: "web")
    #expect(removed.changed == ["ada"])
    #expect(removed.unchanged == ["carl"])
    // The last member gone, the group is gone.
    #expect(try await groups.groups().map(\.name.canonical) == ["staff"])
    await #expect(throws: AuthError.administration(.noSuchGroup(name: "web"))) {
      try await groups.members(of: "web")
    }
    await #expect(throws: AuthError.administration(.noSuchGroup(name: "web"))) {
      try await groups.removeMembers(["ada"], from: "web")
    }

    let events = try await fixture.events()
    #expect(events.filter { $0.kind == .groupMemberAdded }.count == 4)
    #expect(
      events.filter { $0.kind == .groupMemberRemoved }.map { "\($0.username ?? "") \($0.detail)" }
        == ["ada group web"])

    // A deleted account leaves every group; a renamed one keeps them.
    _ = try await fixture.administration.deleteAccount(named: "bob")
    #expect(try await groups.members(of: "staff").map(\.username) == ["ada", "carl"])
    _ = try await fixture.services.accountRename.renameAccount(named: "carl", to: "cora")
    #expect(try await groups.members(of: "staff").map(\.username) == ["ada", "cora"])
    #expect(try await groups.isMember("CORA", ofAnyOf: ["web", "Staff"]))
    #expect(try await !groups.isMember("cora", ofAnyOf: ["web"]))
    #expect(try await !groups.isMember("nobody", ofAnyOf: ["staff"]))
    #expect(try await !groups.isMember("ada", ofAnyOf: ["-not-a-name", ""]))
  }

  @Test func anImportTakesEveryLineOrNone() async throws {
    let fixture = try UseCaseFixture()
    for name in ["ada", "bob"] { _ = try await fixture.register(name) }
    let groups = fixture.services.groups
    _ = try await groups.addMembers(["bob"], to: "staff")

    let refused = try await groups.importGroups(
      htgroup: [
        "# Apache groups", "staff: ada bob", "", "web:ada\tnobody", "no colon here",
        "Bad Name: ada",
      ], dryRun: false)
    #expect(!refused.written)
    #expect(refused.refused.map(\.line) == [4, 5, 6])
    #expect(refused.refused[0].reason == "no account named 'nobody'")
    #expect(refused.refused[1].reason == "no ':' after the group name")
    #expect(refused.refused[2].reason.hasPrefix("group name 'Bad Name': "))
    #expect(try await groups.groups().map(\.memberCount) == [1])

    let lines = ["staff: ada bob", "web: ada", "staff: ADA"]
    let dryRun = try await groups.importGroups(htgroup: lines, dryRun: true)
    #expect(!dryRun.written)
    #expect(dryRun.groups.map(\.added) == [["ada"], ["ada"]])
    #expect(dryRun.groups.map(\.alreadyMembers) == [["bob"], []])
    #expect(try await groups.groups().map(\.name.canonical) == ["staff"])

    let imported = try await groups.importGroups(htgroup: lines, dryRun: false)
    #expect(imported.written)
    #expect(try await groups.members(of: "staff").map(\.username) == ["ada", "bob"])
    #expect(try await groups.members(of: "web").map(\.username) == ["ada"])
    let details = try await fixture.events().filter { $0.kind == .groupMemberAdded }.map(\.detail)
    #expect(details.suffix(2) == ["group staff (import, line 1)", "group web (import, line 2)"])
  }

  @Test func verifyRefusesARightPasswordOutsideTheGroupsAfterTheSameWork() async throws {
    let fixture = try UseCaseFixture()
    for name in ["ada", "bob"] { _ = try await fixture.register(name) }
    _ = try await fixture.services.groups.addMembers(["ada"], to: "staff")
    let staff = try #require(GroupName.validate("staff").asValidated)
    let web = try #require(GroupName.validate("web").asValidated)
    func verify(
      _ name: String, _ password: String, _ groups: [GroupName]
    ) async throws -> (
      Bool, Int
    ) {
      let before = fixture.hasher.counts.verify
      let answer = try await fixture.signIn.verify(
        request: SignInRequest(username: name, password: password), exactName: false,
        memberOfAny: groups)
      return (answer.isValid, fixture.hasher.counts.verify - before)
    }
    let member = try await verify("ada", UseCaseFixture.password, [web, staff])
    let outsider = try await verify("bob", UseCaseFixture.password, [staff])
    let wrong = try await verify("ada", UseCaseFixture.otherPassword, [staff])
    #expect(member == (true, 1))
    #expect(outsider == (false, 1))
    #expect(wrong == (false, 1))
    // Without groups, bob's password is right.
    #expect(try await verify("bob", UseCaseFixture.password, []).0)

    let refusal = try #require(
      try await fixture.events().last { $0.kind == .signInFailed && $0.username == "bob" })
    #expect(refusal.detail == "not in group staff (verify)")
    // A right password is no guess: bob's count stays as it was.
    #expect(try await fixture.throttle("bob").consecutiveFailures == 0)

    let begun = try await fixture.signIn.beginVerify(
      request: SignInRequest(username: "bob", password: UseCaseFixture.password),
      memberOfAny: [staff, web])
    #expect(!begun.isValid)
    let last = try #require(try await fixture.events().last)
    #expect(last.detail == "not in any of groups staff, web (verify)")
  }
}
