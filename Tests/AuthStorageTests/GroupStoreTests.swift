import AuthCore
import Foundation
import Testing

/// The engines' own rows behind groups (the store contract checks the port): a membership
/// is one row, a group's row goes with its last member, and an account's deletion takes its
/// rows by the foreign key.
@Suite("Group tables")
struct GroupStoreTests {
  @Test(
    "a membership is one row; an emptied group and a deleted account leave none",
    arguments: StoreLocation.allCases)
  func rows(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let staff = try #require(GroupName.validate("staff").asValidated)
    let web = try #require(GroupName.validate("web").asValidated)
    let (ada, bob) = try await harness.store.write { context in
      let ada = try context.insertUser(
        username: username("ada"), passwordHash: sampleHash, at: time(0))
      let bob = try context.insertUser(
        username: username("bob"), passwordHash: sampleHash, at: time(0))
      _ = try context.addMember(ada.id, to: staff, at: time(1))
      _ = try context.addMember(ada.id, to: staff, at: time(1))
      _ = try context.addMember(bob.id, to: staff, at: time(1))
      _ = try context.addMember(ada.id, to: web, at: time(1))
      return (ada, bob)
    }
    #expect(try harness.rowCount("group_members") == 3)
    #expect(try harness.rowCount("user_groups") == 2)

    _ = try await harness.store.write { try $0.removeMember(ada.id, from: web) }
    #expect(try harness.rowCount("group_members") == 2)
    #expect(try harness.rowCount("user_groups") == 1)

    try harness.deleteUserRow(bob.id)
    #expect(try harness.rowCount("group_members") == 1)
    #expect(try await harness.store.read { try $0.members(of: staff) }.map(\.id) == [ada.id])
  }
}
