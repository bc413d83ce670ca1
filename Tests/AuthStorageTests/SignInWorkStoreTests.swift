import AuthCore
import AuthPostgres
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// The store's sign-in work on every store: none until raised, kept across connections,
/// replaced, and gone again; and the adapter's own read, which the composition root makes the
/// hasher from before any use case runs, agrees with the port's.
@Suite("Sign-in work store")
struct SignInWorkStoreTests {
  @Test(
    "the raised sign-in work is kept, replaced and forgotten", arguments: StoreLocation.allCases)
  func operations(location: StoreLocation) async throws {
    let harness = try StoreHarness(location)
    #expect(try await harness.store.read { try $0.raisedSignInWork() } == nil)
    try await harness.store.write { try $0.setRaisedSignInWork(294_912, at: time(1)) }
    var reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == 294_912)
    if location != .dictionary { #expect(try Self.adapterRead(reopened) == 294_912) }
    try await reopened.write { try $0.setRaisedSignInWork(185_000, at: time(2)) }
    reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == 185_000)
    try await reopened.write { try $0.setRaisedSignInWork(nil, at: time(3)) }
    reopened = try harness.reopen()
    #expect(try await reopened.read { try $0.raisedSignInWork() } == nil)
    #expect(try Self.adapterRead(reopened) == nil)
  }

  /// What the engine's own adapter reads outside a unit of work; `nil` for the dictionary
  /// store, which has no such read.
  private static func adapterRead(_ store: any AuthStore) throws -> Int? {
    switch store {
    case let sqlite as SQLiteAuthStore: try sqlite.raisedSignInWork()
    case let postgres as PostgresAuthStore: try postgres.raisedSignInWork()
    default: nil
    }
  }
}
