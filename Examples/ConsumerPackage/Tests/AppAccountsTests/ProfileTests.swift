// The app's own data: a profile kept beside each account, gone with the account.
import AppAccounts
import AuthCore
import AuthStorage
import Testing

@Test("a profile is kept for its account, replaced in place, and deleted with the account")
func profileFollowsItsAccount() async throws {
  let store = try AppStore(path: SQLiteDatabase.inMemoryPath)
  defer { store.close() }
  let services = try AuthServices.app(store: store, cost: .minimum)
  let password = "plum tractor dawn whistle"
  let signedUp = try await services.signUp.signUp(
    request: SignUpRequest(username: "ada", password: password, confirmation: password))
  guard case .signedUp(let first) = signedUp else {
    Issue.record("sign-up refused: \(signedUp)")
    return
  }
  let ada = first.authenticated.user.id
  #expect(try store.profile(of: ada) == nil)
  try store.save(Profile(email: "ada@example.org", displayName: "Ada"), for: ada)
  try store.save(Profile(email: "ada@example.org", displayName: "Ada Lovelace"), for: ada)
  #expect(
    try store.profile(of: ada) == Profile(email: "ada@example.org", displayName: "Ada Lovelace"))
  _ = try await services.accounts.deleteAccount(named: "ada")
  #expect(try store.profile(of: ada) == nil)
}
