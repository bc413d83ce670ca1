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

  @Test("each requirement has a name of its own, under a port of AuthCore")
  func requirementsAreNamed() {
    let names = StoreContract.requirements.map(\.description)
    #expect(names.count >= 25)
    #expect(Set(names).count == names.count, "\(names)")
    let ports: Set = [
      "AuthStore", "UserStore", "SessionStore", "AuditLog", "ThrottleStore", "DeviceCookieStore",
      "SecondFactorStore", "SignInWorkStore", "GroupStore",
    ]
    #expect(Set(StoreContract.requirements.map(\.port)).isSubset(of: ports))
  }
}
