import AuthCore
import Testing

/// `GroupStore`: a group exists while it has members, an account is in it once, and an
/// account's rename keeps its groups while its deletion takes it out of every one.
extension StoreContract {
  static let groups: [StoreRequirement] = [
    StoreRequirement(
      "GroupStore", "members are added once, listed by name, and survive a reopen", addMembers),
    StoreRequirement(
      "GroupStore", "removing answers whether it was a member; a group goes with its last one",
      removeMembers),
    StoreRequirement(
      "GroupStore", "a throwing write keeps no membership", throwingWriteKeepsNoMembership),
    StoreRequirement(
      "GroupStore", "a renamed account keeps its groups; a deleted one leaves every group",
      renameAndDelete),
    StoreRequirement(
      "GroupStore", "a membership of a missing account is refused", missingAccount),
  ]

  private static func group(_ name: String) throws -> GroupName {
    try #require(GroupName.validate(name).asValidated)
  }

  static func addMembers(_ harness: StoreUnderTest) async throws {
    let (ada, bob, carl) = try await harness.store.write { context in
      (
        try context.insertSampleUser("ada"), try context.insertSampleUser("bob"),
        try context.insertSampleUser("carl")
      )
    }
    let staff = try group("staff")
    let web = try group("web")
    #expect(try await harness.store.read { try $0.groupSummaries() }.isEmpty)
    #expect(try await harness.store.read { try $0.members(of: staff) }.isEmpty)

    let firstAdds = try await harness.store.write { context in
      [
        try context.addMember(bob.id, to: staff, at: ContractSample.time(1)),
        try context.addMember(ada.id, to: staff, at: ContractSample.time(1)),
        try context.addMember(ada.id, to: staff, at: ContractSample.time(2)),
        try context.addMember(carl.id, to: web, at: ContractSample.time(2)),
        try context.addMember(ada.id, to: web, at: ContractSample.time(2)),
      ]
    }
    #expect(firstAdds == [true, true, false, true, true])
    let reopened = try harness.reopen()
    #expect(
      try await reopened.read { try $0.groupSummaries() }
        == [GroupSummary(name: staff, memberCount: 2), GroupSummary(name: web, memberCount: 2)])
    #expect(
      try await reopened.read { try $0.members(of: staff) }.map(\.username) == ["ada", "bob"])
    #expect(try await reopened.read { try $0.groups(of: ada.id) } == [staff, web])
    #expect(try await reopened.read { try $0.groups(of: bob.id) } == [staff])
  }

  static func removeMembers(_ harness: StoreUnderTest) async throws {
    let staff = try group("staff")
    let web = try group("web")
    let (ada, carl) = try await harness.store.write { context in
      let ada = try context.insertSampleUser("ada")
      let carl = try context.insertSampleUser("carl")
      _ = try context.addMember(ada.id, to: staff, at: ContractSample.time(1))
      _ = try context.addMember(ada.id, to: web, at: ContractSample.time(1))
      _ = try context.addMember(carl.id, to: web, at: ContractSample.time(1))
      return (ada, carl)
    }
    #expect(try await harness.store.write { try $0.removeMember(carl.id, from: web) })
    #expect(!(try await harness.store.write { try $0.removeMember(carl.id, from: web) }))
    #expect(!(try await harness.store.write { try $0.removeMember(carl.id, from: staff) }))
    #expect(try await harness.store.write { try $0.removeMember(ada.id, from: web) })
    let reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.groupSummaries() }.map(\.name) == [staff])
    #expect(try await reopened.read { try $0.members(of: web) }.isEmpty)
    #expect(try await reopened.read { try $0.groups(of: ada.id) } == [staff])
  }

  static func throwingWriteKeepsNoMembership(_ harness: StoreUnderTest) async throws {
    let web = try group("web")
    let carl = try await harness.insertSampleUser("carl")
    await #expect(throws: AuthError.notSignedIn) {
      try await harness.store.write { context throws(AuthError) in
        _ = try context.addMember(carl.id, to: web, at: ContractSample.time(3))
        throw AuthError.notSignedIn
      }
    }
    let reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.groups(of: carl.id) }.isEmpty)
    #expect(try await reopened.read { try $0.groupSummaries() }.isEmpty)
  }

  static func renameAndDelete(_ harness: StoreUnderTest) async throws {
    let staff = try group("staff")
    let web = try group("web")
    let (ada, bob, carl) = try await harness.store.write { context in
      let ada = try context.insertSampleUser("ada")
      let bob = try context.insertSampleUser("bob")
      let carl = try context.insertSampleUser("carl")
      _ = try context.addMember(ada.id, to: staff, at: ContractSample.time(1))
      _ = try context.addMember(bob.id, to: staff, at: ContractSample.time(1))
      return (ada, bob, carl)
    }
    try await harness.store.write {
      try $0.renameUser(bob.id, to: ContractSample.username("bert"), at: ContractSample.time(4))
    }
    #expect(
      try await harness.reopen().read { try $0.members(of: staff) }.map(\.username)
        == ["ada", "bert"])
    _ = try await harness.store.write { context in
      _ = try context.addMember(carl.id, to: web, at: ContractSample.time(5))
      try context.deleteUser(carl.id)
    }
    let reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.groupSummaries() }.map(\.name) == [staff])
    #expect(try await reopened.read { try $0.members(of: web) }.isEmpty)
    // The emptied group's name is free to be used again.
    #expect(
      try await reopened.write { try $0.addMember(ada.id, to: web, at: ContractSample.time(6)) })
    #expect(
      try await reopened.read { try $0.groupSummaries() }
        == [GroupSummary(name: staff, memberCount: 2), GroupSummary(name: web, memberCount: 1)])
  }

  static func missingAccount(_ harness: StoreUnderTest) async throws {
    let staff = try group("staff")
    await #expect(throws: AuthError.self) {
      try await harness.store.write {
        try $0.addMember(UserID(rawValue: 99), to: staff, at: ContractSample.time(0))
      }
    }
    #expect(try await harness.store.read { try $0.groupSummaries() }.isEmpty)
  }
}
