import AuthStoreConformance
import Testing

/// The shipped store contract, on SQLite in memory, SQLite on a file and PostgreSQL, run as
/// any store of one's own runs it.
@Suite("Store contract")
struct StoreContractTests {
  @Test(
    "each engine keeps every requirement of the store contract",
    arguments: StoreLocation.allCases, StoreContract.requirements)
  func contract(location: StoreLocation, requirement: StoreRequirement) async throws {
    try await requirement.check(on: StoreHarness(location))
  }
}
