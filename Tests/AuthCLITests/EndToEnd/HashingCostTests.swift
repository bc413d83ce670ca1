import Foundation
import Testing

/// The test-only cost is refused for a database file unless the second, test-only switch is
/// set too, before any file is created; in memory it is allowed.
@Suite("End to end: the test-only hashing cost")
struct HashingCostTests {
  @Test func minimumCostWithoutTheTestSwitchIsRefusedAndCreatesNothing() async throws {
    var sandbox = try Sandbox()
    sandbox.environment["AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST"] = nil
    let signUp = try await sandbox.signUp("ada")
    #expect(signUp.status == 78, "\(signUp.errors)")
    #expect(signUp.errors.contains("AUTHCLI_ARGON2=minimum is for tests only"))
    #expect(!FileManager.default.fileExists(atPath: sandbox.defaultDatabase))
    // With the switch, as the project's own tests run, the same sign-up works.
    let allowed = try await sandbox.run(
      ["signup", "--username", "ada", "--password-stdin"], input: "\(Passphrase.first)\n",
      extraEnvironment: ["AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST": "1"])
    #expect(allowed.status == 0, "\(allowed.errors)")
    // An existing database is refused the same way, by every command that hashes.
    let signIn = try await sandbox.signIn("ada", password: Passphrase.first)
    #expect(signIn.status == 78, "\(signIn.errors)")
  }

  @Test func minimumCostIsAllowedInMemory() async throws {
    var sandbox = try Sandbox()
    sandbox.environment["AUTHCLI_TEST_ONLY_ALLOW_MINIMUM_COST"] = nil
    let run = try await sandbox.run(["--db", ":memory:", "shell"], input: "quit\n")
    #expect(run.status == 0, "\(run.errors)")
  }
}
