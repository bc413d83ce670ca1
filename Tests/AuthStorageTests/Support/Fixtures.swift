import AuthCore
import AuthStoreConformance
import Foundation

// The contract's sample values under the short names the engines' own tests use.

func username(_ raw: String) throws -> Username { try ContractSample.username(raw) }
func time(_ seconds: Int) -> Date { ContractSample.time(seconds) }
func tokenHash(_ byte: UInt8) -> TokenHash { ContractSample.tokenHash(byte) }
let sampleHash = ContractSample.passwordHash
