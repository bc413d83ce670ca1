import Foundation
import PostgresTestSupport
import Testing

/// The administration commands on a PostgreSQL database: the same use cases over the other
/// adapter, through the real binary.
@Suite("End to end: administration on PostgreSQL", .enabled(if: TestPostgres.shouldRun))
struct PostgresAdministrationTests {
  @Test func theOperatorsVerbsWorkOnAServer() async throws {
    let sandbox = try Sandbox()
    let database = try TestPostgres.freshSchema().connectionString
    func run(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(["--db", database] + arguments, input: input)
    }
    _ = try await run(["migrate"])
    let added = try await run(
      ["users", "add", "--username", "pia", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(added.status == 0, "\(added.errors)")
    let signedIn = try await run(
      ["signin", "--username", "pia", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(signedIn.status == 0, "\(signedIn.errors)")

    let locked = try await run(["users", "lock", "pia", "--reason", "audit", "--json"])
    #expect((try locked.json() as? [String: Any])?["ended_sessions"] as? Int == 1)
    #expect(try await run(["whoami"]).status == 77)
    let refused = try await run(
      ["verify", "--username", "pia", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(refused.status == 77)
    let show = try #require(
      try await run(["users", "show", "pia", "--json"]).json() as? [String: Any])
    #expect(show["locked"] as? Bool == true)
    #expect(show["lock_reason"] as? String == "audit")
    #expect(try await run(["users", "unlock", "pia"]).status == 0)

    let reset = try await run(
      ["users", "reset-password", "pia", "--password-stdin"], input: Passphrase.second + "\n")
    #expect(reset.status == 0, "\(reset.errors)")
    let verified = try await run(
      ["verify", "--username", "pia", "--password-stdin"], input: Passphrase.second + "\n")
    #expect(verified.status == 0, "\(verified.errors)")
    #expect(try await run(["sessions", "prune"]).status == 0)
    let audit = try #require(
      try await run(["audit", "--json", "--user", "pia"]).json() as? [[String: Any]])
    #expect(
      audit.compactMap { $0["kind"] as? String } == [
        "password_verified", "password_reset", "account_unlocked", "sign_in_failed",
        "account_locked", "sign_in_succeeded", "account_added",
      ])
    #expect(try await run(["users", "delete", "pia", "--yes"]).status == 0)
    #expect(try await run(["users", "show", "pia"]).status == 65)
    let backup = try await run(["backup", sandbox.root + "/copy.sqlite3"])
    #expect(backup.status == 78)
    #expect(try await run(["migrate", "--adopt"]).status == 78)
  }
}
