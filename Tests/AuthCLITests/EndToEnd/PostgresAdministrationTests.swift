import AuthPostgres
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

  @Test func inspectCountsAndPruneDeletesExpiredDeviceCookiesOnAServer() async throws {
    let sandbox = try Sandbox()
    let target = try TestPostgres.freshSchema()
    func run(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(["--db", target.connectionString] + arguments, input: input)
    }
    let added = try await run(
      ["users", "add", "--username", "pia", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(added.status == 0, "\(added.errors)")
    for state in ["/state", "/other-state"] {
      let signedIn = try await sandbox.run(
        ["--db", target.connectionString, "signin", "--username", "pia", "--password-stdin"],
        input: Passphrase.first + "\n", extraEnvironment: ["XDG_STATE_HOME": sandbox.root + state])
      #expect(signedIn.status == 0, "\(signedIn.errors)")
    }
    // One of the two device cookies expired, as a month would have it.
    let connection = try PostgresConnection.connect(target.connectionString, target: "test")
    let changed = try connection.execute(
      """
      UPDATE device_cookies SET expires_at = 1000 WHERE token_hash IN
        (SELECT token_hash FROM device_cookies ORDER BY created_at, token_hash LIMIT 1)
      """)
    #expect(changed == 1)
    let report = try #require(try await run(["inspect", "--json"]).json() as? [String: Any])
    #expect(
      report["prunable"] as? [String: Int] == [
        "expired_sessions": 0, "throttle_rows": 0, "expired_device_cookies": 1,
      ])
    let text = try await run(["inspect"])
    #expect(
      text.output.contains(
        "Prunable:        0 expired session(s), 0 throttle row(s), 1 expired device cookie(s) "
          + "('authcli sessions prune')\n"), "\(text.output)")
    let pruned = try await run(["sessions", "prune", "--json"])
    #expect(pruned.status == 0, "\(pruned.errors)")
    #expect(
      try pruned.json() as? [String: Int] == [
        "expired_sessions": 0, "throttle_rows": 0, "expired_device_cookies": 1,
      ])
    let left = try connection.queryFirst("SELECT count(*) AS count FROM device_cookies") {
      row throws(PostgresError) in try row.decode(Int64.self, "count")
    }
    #expect(left == 1)
  }
}
