import AuthCore
import Foundation
import Testing

/// What the engines' schemas do on their own, below the port that the store contract
/// checks: their foreign keys refuse a row for a missing account and take an account's rows
/// with it when an operator's SQL deletes the account.
@Suite("Schema keys")
struct SchemaKeyTests {
  @Test(
    "a session for a missing account is refused by the foreign key",
    arguments: StoreLocation.allCases)
  func missingAccount(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let error = await #expect(throws: (any Error).self) {
      _ = try await harness.store.write {
        try $0.insertSession(
          userID: UserID(rawValue: 42), tokenHash: tokenHash(1), createdAt: time(0),
          expiresAt: time(10))
      }
    }
    #expect(error.map(StoreHarness.isForeignKeyViolation) == true)
  }

  @Test(
    "deleting an account's row with SQL deletes its sessions, cookies, factor and codes",
    arguments: StoreLocation.allCases)
  func cascade(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    let factor = StoredSecondFactor(
      userID: UserID(rawValue: 1), sealedSecret: [1, 2, 3], parameters: .standard,
      state: .enabled, lastAcceptedStep: nil, createdAt: time(0), updatedAt: time(0))
    let user = try await harness.store.write { context in
      let user = try context.insertUser(
        username: username("ivan"), passwordHash: sampleHash, at: time(0))
      _ = try context.insertSession(
        userID: user.id, tokenHash: tokenHash(7), createdAt: time(0), expiresAt: time(10))
      try context.insertDeviceCookie(
        tokenHash: tokenHash(8), userID: user.id, createdAt: time(0), expiresAt: time(10))
      try context.replaceSecondFactor(factor)
      try context.replaceRecoveryCodes(
        [RecoveryCodeHash(rawValue: [UInt8](repeating: 9, count: 32))], of: user.id, at: time(0))
      return user
    }
    #expect(user.id == factor.userID)
    let tables = ["sessions", "device_cookies", "second_factors", "recovery_codes"]
    #expect(try tables.map(harness.rowCount) == [1, 1, 1, 1])
    try harness.deleteUserRow(user.id)
    #expect(try tables.map(harness.rowCount) == [0, 0, 0, 0])
  }
}
