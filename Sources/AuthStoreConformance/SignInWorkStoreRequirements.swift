import AuthCore
import Testing

/// `SignInWorkStore`: the store's sign-in work, none until raised, kept across connections,
/// replaced, and gone again.
extension StoreContract {
  static let signInWork: [StoreRequirement] = [
    StoreRequirement(
      "SignInWorkStore", "the raised sign-in work is kept, replaced and forgotten",
      signInWorkOperations)
  ]

  static func signInWorkOperations(_ harness: StoreUnderTest) async throws {
    #expect(try await harness.store.read { try $0.raisedSignInWork() } == nil)
    try await harness.store.write {
      try $0.setRaisedSignInWork(294_912, at: ContractSample.time(1))
    }
    var reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == 294_912)
    try await reopened.write { try $0.setRaisedSignInWork(185_000, at: ContractSample.time(2)) }
    reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == 185_000)
    try await reopened.write { try $0.setRaisedSignInWork(nil, at: ContractSample.time(3)) }
    reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == nil)
  }
}
