import AuthCore
import AuthPostgres
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The engines' own read of the store's sign-in work, which the composition root makes the
/// hasher from before any use case runs: it agrees with the port's (the store contract
/// checks the port's).
@Suite("Sign-in work adapters")
struct SignInWorkStoreTests {
  @Test(
    "the adapter's own read agrees with the port's, before and after a raise",
    arguments: StoreLocation.allCases)
  func adapterReadAgrees(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    #expect(try Self.adapterRead(harness.store) == nil)
    try await harness.store.write { try $0.setRaisedSignInWork(294_912, at: time(1)) }
    #expect(try Self.adapterRead(harness.reopen()) == 294_912)
    try await harness.store.write { try $0.setRaisedSignInWork(nil, at: time(2)) }
    #expect(try Self.adapterRead(harness.reopen()) == nil)
  }

  /// What the engine's own adapter reads outside a unit of work.
  private static func adapterRead(_ store: any AuthStore) throws -> Int? {
    switch store {
    case let sqlite as SQLiteAuthStore: try sqlite.raisedSignInWork()
    case let postgres as PostgresAuthStore: try postgres.raisedSignInWork()
    default: throw HarnessError.unknownStore
    }
  }
}
