import AuthCore
import AuthStoreConformance
import Foundation

// The contract's sample values under the short names the engines' own tests use.

func username(_ raw: String) throws -> Username { try ContractSample.username(raw) }
func time(_ seconds: Int) -> Date { ContractSample.time(seconds) }
func tokenHash(_ byte: UInt8) -> TokenHash { ContractSample.tokenHash(byte) }
let sampleHash = ContractSample.passwordHash

/// Adds the account `name` with the sample hash, made at the sample time 0.
@discardableResult
func insertSampleUser(_ name: String, into store: any AuthStore) async throws -> User {
  try await store.write {
    try $0.insertUser(username: username(name), passwordHash: sampleHash, at: time(0))
  }
}
