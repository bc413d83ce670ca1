import AuthCore
import AuthTestSupport
import Foundation
import Testing

/// Groups on every store: a group exists while it has members, an account is in it once,
/// and deleting an account takes it out of every group.
@Suite("Group store")
struct GroupStoreTests {
  private func group(_ name: String) throws -> GroupName {
    try #require(GroupName.validate(name).asValidated)
  }

  @Test(
    "members are added once, listed by name, removed, and go with their account",
    arguments: StoreLocation.allCases)
  func operations(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let (ada, bob, carl) = try await harness.store.write { context in
      (
        try context.insertUser(username: username("ada"), passwordHash: sampleHash, at: time(0)),
        try context.insertUser(username: username("bob"), passwordHash: sampleHash, at: time(0)),
        try context.insertUser(username: username("carl"), passwordHash: sampleHash, at: time(0))
      )
    }
    let staff = try group("staff")
    let web = try group("web")
    #expect(try await harness.store.read { try $0.groupSummaries() }.isEmpty)
    #expect(try await harness.store.read { try $0.members(of: staff) }.isEmpty)

    let firstAdds = try await harness.store.write { context in
      [
        try context.addMember(bob.id, to: staff, at: time(1)),
        try context.addMember(ada.id, to: staff, at: time(1)),
        try context.addMember(ada.id, to: staff, at: time(2)),
        try context.addMember(carl.id, to: web, at: time(2)),
        try context.addMember(ada.id, to: web, at: time(2)),
      ]
    }
    #expect(firstAdds == [true, true, false, true, true])
    var reopened = try harness.reopen()
    #expect(
      try await reopened.read { try $0.groupSummaries() }
        == [GroupSummary(name: staff, memberCount: 2), GroupSummary(name: web, memberCount: 2)])
    #expect(
      try await reopened.read { try $0.members(of: staff) }.map(\.username) == ["ada", "bob"])
    #expect(try await reopened.read { try $0.groups(of: ada.id) } == [staff, web])
    #expect(try await reopened.read { try $0.groups(of: bob.id) } == [staff])
    #expect(try harness.rowCount("group_members") == 4)

    // Removing answers whether it was a member; the last member gone, the group is gone.
    #expect(try await reopened.write { try $0.removeMember(carl.id, from: web) })
    #expect(!(try await reopened.write { try $0.removeMember(carl.id, from: web) }))
    #expect(!(try await reopened.write { try $0.removeMember(carl.id, from: staff) }))
    #expect(try await reopened.write { try $0.removeMember(ada.id, from: web) })
    reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.groupSummaries() }.map(\.name) == [staff])
    #expect(try await reopened.read { try $0.members(of: web) }.isEmpty)
    #expect(try harness.rowCount("user_groups") == 1)

    // A rollback keeps nothing.
    await #expect(throws: AuthError.self) {
      try await reopened.write { context throws(AuthError) in
        _ = try context.addMember(carl.id, to: web, at: time(3))
        throw AuthError.notSignedIn
      }
    }
    #expect(try await reopened.read { try $0.groups(of: carl.id) }.isEmpty)

    // A rename keeps the groups; a deletion leaves them, and an emptied group is not listed.
    try await reopened.write { try $0.renameUser(bob.id, to: username("bert"), at: time(4)) }
    #expect(
      try await reopened.read { try $0.members(of: staff) }.map(\.username) == ["ada", "bert"])
    _ = try await reopened.write { context in
      _ = try context.addMember(carl.id, to: web, at: time(5))
      try context.deleteUser(carl.id)
    }
    #expect(try await reopened.read { try $0.groupSummaries() }.map(\.name) == [staff])
    #expect(try await reopened.read { try $0.members(of: web) }.isEmpty)
    #expect(try harness.rowCount("group_members") == 2)
    // The emptied group's name is free to be used again.
    #expect(try await reopened.write { try $0.addMember(ada.id, to: web, at: time(6)) })
    #expect(
      try await reopened.read { try $0.groupSummaries() }
        == [GroupSummary(name: staff, memberCount: 2), GroupSummary(name: web, memberCount: 1)])
  }

  @Test("a membership of a missing account is refused", arguments: StoreLocation.allCases)
  func missingAccount(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let staff = try group("staff")
    await #expect(throws: AuthError.self) {
      try await harness.store.write {
        try $0.addMember(UserID(rawValue: 99), to: staff, at: time(0))
      }
    }
    #expect(try await harness.store.read { try $0.groupSummaries() }.isEmpty)
  }
}
