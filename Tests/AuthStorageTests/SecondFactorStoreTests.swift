import AuthCore
import AuthTestSupport
import Foundation
import Testing

/// Second factors and recovery codes on every store: one factor per account, replaced
/// whole, its codes deleted once each, and everything gone with the account.
@Suite("Second factor store")
struct SecondFactorStoreTests {
  private func factor(
    _ userID: UserID, box: UInt8, state: SecondFactorState = .pending, at seconds: Int = 0
  ) throws -> StoredSecondFactor {
    StoredSecondFactor(
      userID: userID, sealedSecret: [1, box, 3],
      parameters: try TOTPParameters(
        algorithm: .sha256, digits: .eight, period: 60),
      state: state, lastAcceptedStep: nil, createdAt: time(seconds), updatedAt: time(seconds))
  }

  private func hash(_ byte: UInt8) -> RecoveryCodeHash {
    RecoveryCodeHash(rawValue: [UInt8](repeating: byte, count: 32))
  }

  @Test(
    "a factor is kept, enabled, advanced and replaced; its codes are used once",
    arguments: StoreLocation.allCases)
  func operations(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let (owner, other) = try await harness.store.write { context in
      (
        try context.insertUser(username: username("owner"), passwordHash: sampleHash, at: time(0)),
        try context.insertUser(username: username("other"), passwordHash: sampleHash, at: time(0))
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
      try context.enableSecondFactor(of: owner.id, acceptedStep: 41, at: time(5))
      try context.replaceRecoveryCodes([hash(1), hash(2), hash(3)], of: owner.id, at: time(5))
    }
    reopened = try harness.reopen()
    let enabled = try #require(try await reopened.read { try $0.secondFactor(of: owner.id) })
    #expect(enabled.state == .enabled)
    #expect(enabled.lastAcceptedStep == 41)
    #expect(enabled.updatedAt == time(5))
    #expect(enabled.createdAt == time(0))
    #expect(enabled.parameters == pending.parameters)
    #expect(
      try await reopened.read { try $0.enabledSecondFactors(among: [owner.id, other.id]) }
        == [owner.id])
    try await reopened.write { try $0.recordAcceptedStep(43, of: owner.id, at: time(9)) }
    #expect(
      try await reopened.read { try $0.secondFactor(of: owner.id) }?.lastAcceptedStep == 43)

    // A code is deleted once; the second caller learns it was already gone.
    #expect(try await reopened.write { try $0.deleteRecoveryCode(hash(2), of: owner.id) })
    #expect(!(try await reopened.write { try $0.deleteRecoveryCode(hash(2), of: owner.id) }))
    #expect(!(try await reopened.write { try $0.deleteRecoveryCode(hash(1), of: other.id) }))
    #expect(
      try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) } == [hash(1), hash(3)])
    // A new set replaces the old one whole.
    try await reopened.write { try $0.replaceRecoveryCodes([hash(7)], of: owner.id, at: time(9)) }
    #expect(try await reopened.read { try $0.recoveryCodeHashes(of: owner.id) } == [hash(7)])

    // A new enrolment replaces the factor and drops its codes.
    let again = try factor(owner.id, box: 9, at: 20)
    try await reopened.write { try $0.replaceSecondFactor(again) }
    #expect(try await reopened.read { try $0.secondFactor(of: owner.id) } == again)
    #expect(try harness.rowCount("recovery_codes") == 0)

    // Deleting the factor answers whether there was one, and takes the codes along.
    try await reopened.write { try $0.replaceRecoveryCodes([hash(4)], of: owner.id, at: time(21)) }
    #expect(try await reopened.write { try $0.deleteSecondFactor(of: owner.id) })
    #expect(!(try await reopened.write { try $0.deleteSecondFactor(of: owner.id) }))
    #expect(try harness.rowCount("recovery_codes") == 0)

    // Everything goes with the account.
    try await reopened.write { context in
      try context.replaceSecondFactor(try factor(other.id, box: 5, state: .enabled))
      try context.replaceRecoveryCodes([hash(5)], of: other.id, at: time(0))
    }
    try await harness.deleteUserRow(other.id)
    #expect(try harness.rowCount("second_factors") == 0)
    #expect(try harness.rowCount("recovery_codes") == 0)
  }
}
