// The app's store, its profile table migrated beside authcli's tables, held to authcli's
// store contract, on a file (reopened, and reached by a second connection as another
// process would) and in memory.
import AppAccounts
import AuthCore
import AuthStorage
import AuthStoreConformance
import Foundation
import Testing

@Test("the app's store keeps the store contract on a file", arguments: StoreContract.requirements)
func contractOnAFile(_ requirement: StoreRequirement) async throws {
  try await requirement.check(on: AppDatabase())
}

@Test("the app's store keeps the store contract in memory", arguments: StoreContract.requirements)
func contractInMemory(_ requirement: StoreRequirement) async throws {
  try await requirement.check(on: AppStore(path: SQLiteDatabase.inMemoryPath))
}

@Test("the app's store counts the writes it forwards")
func countsWrites() async throws {
  let store = try AppStore(path: SQLiteDatabase.inMemoryPath)
  let services = try AuthServices.app(store: store, cost: .minimum)
  let password = "plum tractor dawn whistle"
  let signedUp = try await services.signUp.signUp(
    request: SignUpRequest(username: "ada", password: password, confirmation: password))
  guard case .signedUp = signedUp else {
    Issue.record("sign-up refused: \(signedUp)")
    return
  }
  #expect(store.writes > 0)
  let before = store.writes
  _ = try await services.signIn.signIn(request: SignInRequest(username: "ada", password: password))
  #expect(store.writes > before)
}

/// A database file in a folder of its own, for one check: opened, opened again, and reached
/// by a second store.
final class AppDatabase: ContractDatabase {
  private let folder: URL
  private var stores: [AppStore] = []
  private(set) var store: any AuthStore

  init() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("app-accounts-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    let first = try AppStore(path: folder.appendingPathComponent("app.sqlite").path)
    stores = [first]
    store = first
  }

  deinit {
    for store in stores { store.close() }
    try? FileManager.default.removeItem(at: folder)
  }

  func secondStore() throws -> any AuthStore {
    let second = try AppStore(path: folder.appendingPathComponent("app.sqlite").path)
    stores.append(second)
    return second
  }

  @discardableResult
  func reopen() throws -> any AuthStore {
    store = try secondStore()
    return store
  }
}
