// The dictionary store held to the shipped store contract, as any store of one's own is:
// one parameterised test, each requirement a case of its own.
import AuthStoreConformance
import DictionaryStore
import Testing

@Test("the dictionary store keeps the store contract", arguments: StoreContract.requirements)
func storeContract(_ requirement: StoreRequirement) async throws {
  try await requirement.check(on: DictionaryAuthStore())
}
