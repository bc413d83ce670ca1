import AuthPostgres
import Foundation
import PostgresTestSupport
import Testing

@Suite(
  "End to end: PostgreSQL",
  .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresEndToEndTests {
  /// The sandbox's PostgreSQL URI (a fresh schema), as `AUTHCLI_DB` holds it.
  private func uri(_ sandbox: borrowing Sandbox) throws -> String {
    try #require(sandbox.environment["AUTHCLI_DB"])
  }

  @Test func inspectMigrateStatusAndUsersListOnTheServer() async throws {
    let sandbox = try Sandbox(engine: .postgres)
    let migrate = try await sandbox.run(["migrate", "--json"])
    #expect(migrate.status == 0)
    let migrated = try #require(try migrate.json() as? [String: Any])
    #expect(migrated["applied"] as? [String] == PostgresMigrator.embedded.map(\.identifier))
    #expect(try await sandbox.run(["migrate"]).output.hasPrefix("Already up to date"))
    #expect(try await sandbox.signUp("erin").status == 0)
    _ = try await sandbox.signIn("erin", password: "a wrong passphrase, surely")

    let inspect = try await sandbox.run(["inspect", "--json"])
    #expect(inspect.status == 0)
    let report = try #require(try inspect.json() as? [String: Any])
    // The keys SQLite's report has wherever they mean the same.
    for key in [
      "size_bytes", "schema_version", "newest_known_schema_version", "migrations",
      "pending_migrations", "tables", "sessions", "inspected_at", "integrity_check",
      "integrity_ok", "password_schemes",
    ] {
      #expect(report[key] != nil, "\(key)")
    }
    #expect(report["engine"] as? String == "postgresql")
    #expect((report["server_version"] as? String)?.isEmpty == false)
    #expect(report["schema_version"] as? Int == PostgresMigrator().newestVersion)
    #expect(report["integrity_ok"] as? Bool == true)
    let tables = try #require(report["tables"] as? [String: Int])
    #expect(tables["users"] == 1)
    #expect(tables["sign_in_throttle"] == 1)
    #expect(tables["auth_events"] == 2)
    let sessions = try #require(report["sessions"] as? [String: Int])
    #expect(sessions == ["active": 1, "expired": 0])
    #expect(report["password_schemes"] as? [String: Int] == ["argon2id": 1])
    let text = try await sandbox.run(["inspect"])
    #expect(text.output.contains("Password hashes: 1 argon2id\n"))
    #expect(text.output.contains("Schema check:    ok"))
    #expect(text.output.contains("PostgreSQL:      "))

    let status = try await sandbox.run(["migrate", "status", "--json"])
    let state = try #require(try status.json() as? [String: Any])
    #expect(state["pending"] as? [String] == [])
    let users = try #require(
      try await sandbox.run(["users", "list", "--json"]).json() as? [[String: Any]])
    #expect(users.map { $0["username"] as? String } == ["erin"])
    #expect(users.first?["active_sessions"] as? Int == 1)
  }

  @Test func aPasswordInDbIsRefusedButAcceptedFromTheEnvironment() async throws {
    var sandbox = try Sandbox(engine: .postgres)
    let plain = try uri(sandbox)
    // The test server trusts local users, so a password given is accepted and not needed.
    let withPassword = plain.replacingOccurrences(
      of: "postgresql:///", with: "postgresql://authcli:hunter2-secret@/")
    #expect(withPassword != plain)
    let refused = try await sandbox.run(["--db", withPassword, "whoami"])
    #expect(refused.status == 64)
    #expect(refused.errors.contains("visible to every user"))
    #expect(refused.errors.contains("PGPASSWORD"))
    #expect(!refused.errors.contains("hunter2"))

    sandbox.environment["AUTHCLI_DB"] = withPassword
    let signUp = try await sandbox.signUp("frank")
    #expect(signUp.status == 0)
    // The session state file is keyed by the server without the password: the same
    // URI without it finds the same session.
    let withoutPassword = plain.replacingOccurrences(
      of: "postgresql:///", with: "postgresql://authcli@/")
    let whoami = try await sandbox.run(["--db", withoutPassword, "whoami", "--json"])
    #expect(whoami.status == 0)
    #expect(!whoami.output.contains("hunter2"))
    let files = try sandbox.stateFiles()
    #expect(files.count == 1)
    #expect(files.allSatisfy { !$0.contains("hunter2") })
  }

  @Test func anUnreachableServerExits69WithItsReasonAndNoPassword() async throws {
    var sandbox = try Sandbox(engine: .postgres)
    sandbox.environment["AUTHCLI_DB"] =
      "postgresql://someone:hunter2-secret@/authcli?host=\(sandbox.root)/no-server-here"
    for arguments in [["whoami"], ["inspect"], ["migrate"], ["users", "list"]] {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 69, "\(arguments)")
      #expect(run.errors.contains("No such file or directory"), "\(arguments)")
      #expect(run.errors.contains("no-server-here"), "\(arguments)")
      #expect(!run.errors.contains("hunter2"), "\(arguments)")
    }
    let signUp = try await sandbox.signUp("gina")
    #expect(signUp.status == 69)
  }

  @Test func onlyAPostgreSQLCommandLoadsLibpq() async throws {
    let sandbox = try Sandbox(engine: .postgres)
    let sqlite = ["--db", sandbox.root + "/local.sqlite3"]
    #expect(try await sandbox.signUp("hana", extra: sqlite).status == 0)
    // The dynamic loader reports every library it loads, dlopen'ed ones included.
    let trace = ["LD_DEBUG": "libs"]
    let local = try await sandbox.run(sqlite + ["whoami"], extraEnvironment: trace)
    #expect(local.status == 0)
    #expect(local.errors.contains("libsqlite3"))
    #expect(!local.errors.contains("libpq"))
    #expect(try await sandbox.signUp("hana").status == 0)
    let remote = try await sandbox.run(["whoami"], extraEnvironment: trace)
    #expect(remote.status == 0)
    #expect(remote.errors.contains("libpq.so.5"))
  }
}
