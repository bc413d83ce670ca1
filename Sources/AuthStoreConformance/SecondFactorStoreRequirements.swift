import AuthCore
import Testing

/// `SecondFactorStore`: one factor per account, replaced whole, its recovery codes deleted
/// once each, and everything gone with the account.
extension StoreContract {
  static let secondFactors: [StoreRequirement] = [
    StoreRequirement(
      "SecondFactorStore",
      "a factor is kept, enabled, advanced and replaced; its codes are used once",
      secondFactorOperations)
  ]

  private static func factor(
    _ userID: UserID, box: UInt8, state: SecondFactorState = .pending, at seconds: Int = 0
  ) throws -> StoredSecondFactor {
    StoredSecondFactor(
      userID: userID, sealedSecret: [1, box, 3],
      parameters: try TOTPParameters(
        algorithm: .sha256, digits: .eight, period: 60),
      state: state, lastAcceptedStep: nil, createdAt: ContractSample.time(seconds),
      updatedAt: ContractSample.time(seconds))
  }

  private static func hash(_ byte: UInt8) -> RecoveryCodeHash {
    RecoveryCodeHash(rawValue: [UInt8](repeating: byte, count: 32))
  }

  static func secondFactorOperations(_ harness: StoreUnderTest) async throws {
    let (owner, other) = try await harness.store.write { context in
      (
        try context.insertSampleUser("owner"),
        try context.insertSampleUser("other")
      )
    }
    #expect(try await harness.store.read { try $0.secondFactor(of: owner.id) } == nil)
    let pending = try factor(owner.id, box: 2)
    try await harness.store.write { try $0.replaceSecondFactor(pending) }
    var reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.secondFactor(of: owner.id) } == pending)
    #expect(
      try await reopened.read { try $0.enabledSecondFactors(among: [owner.id, other.id]) }
        .isEmpty)

    try await reopened.write { context in
      try context.enableSecondFactor(of: owner.id, acceptedStep: 41, at: ContractSample.time(5))
      try context.replaceRecoveryCodes(
        [hash(1), hash(2), hash(3)], of: owner.id, at: ContractSample.time(5))
    }
    reopened = try harness.reopen()
    let enabled = try #require(try await reopened.read { try $0.secondFactor(of: owner.id) })
    #expect(enabled.state == .enabled)
    #expect(enabled.lastAcceptedStep == 41)
    #expect(enabled.updatedAt == ContractSample.time(5))
    #expect(enabled.createdAt == ContractSample.time(0))
    #expect(enabled.parameters == pending.parameters)
    #expect(
      try await reopened.read { try $0.enabledSecondFactors(among: [owner.id, other.id]) }
        == [owner.id])
    try await reopened.write {
      try $0.recordAcceptedStep(43, of: owner.id, at: ContractSample.time(9))
    }
    #expect(
      try await reopened.read { try $0.secondFactor(of: owner.id) }?.lastAcceptedStep == 43)

    // A code is deleted once; the second caller learns it was already gone.
    #expect(try await reopened.write { try $0.deleteRecoveryCode(hash(2), of: owner.id) })
    #expect(!(try await reopened.write { try $0.deleteRecoveryCode(hash(2), of: owner.id) }))
    #expect(!(try await reopened.write { try $0.deleteRecoveryCode(hash(1), of: other.id) }))
    #expect(
      try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) } == [hash(1), hash(3)])
    // A new set replaces the old one whole.
    try await reopened.write {
      try $0.replaceRecoveryCodes([hash(7)], of: owner.id, at: ContractSample.time(9))
    }
    #expect(try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) } == [hash(7)])

    // A new enrolment replaces the factor and drops its codes.
    let again = try factor(owner.id, box: 9, at: 20)
    try await reopened.write { try $0.replaceSecondFactor(again) }
    #expect(try await reopened.read { try $0.secondFactor(of: owner.id) } == again)
    #expect(try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) }.isEmpty)

    // Deleting the factor answers whether there was one, and takes the codes along.
    try await reopened.write {
      try $0.replaceRecoveryCodes([hash(4)], of: owner.id, at: ContractSample.time(21))
    }
    #expect(try await reopened.write { try $0.deleteSecondFactor(of: owner.id) })
    #expect(!(try await reopened.write { try $0.deleteSecondFactor(of: owner.id) }))
    #expect(try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) }.isEmpty)

    // Everything goes with the account.
    try await reopened.write { context in
      try context.replaceSecondFactor(try factor(other.id, box: 5, state: .enabled))
      try context.replaceRecoveryCodes([hash(5)], of: other.id, at: ContractSample.time(0))
    }
    #expect(try await reopened.write { try $0.deleteUser(other.id) })
    try await reopened.read { context throws in
      #expect(try context.secondFactor(of: other.id) == nil)
      #expect(try context.recoveryCodeHashes(of: other.id).isEmpty)
      #expect(try context.enabledSecondFactors(among: [other.id]).isEmpty)
    }
  }
}
