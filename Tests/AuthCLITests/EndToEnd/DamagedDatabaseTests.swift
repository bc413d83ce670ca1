import AuthStorage
import Foundation
import Testing

@Suite("End to end: a damaged database")
struct DamagedDatabaseTests {
  /// A database whose index no longer matches its table: it opens, but the integrity
  /// check fails.
  private func makeDamagedDatabase(at path: String) throws {
    let database = try SQLiteDatabase.open(path: path)
    try database.executeScript(
      """
      CREATE TABLE notes (body TEXT);
      CREATE INDEX notes_body ON notes (body);
      INSERT INTO notes VALUES ('a'), ('b'), ('c');
      PRAGMA writable_schema = ON;
      UPDATE sqlite_schema SET sql = 'CREATE INDEX notes_body ON notes (body DESC)'
        WHERE name = 'notes_body';
      PRAGMA writable_schema = OFF;
      """)
    database.close()
  }

  @Test func inspectShowsTheReportAndExits65WhenTheIntegrityCheckFails() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.root + "/damaged.sqlite3"
    try makeDamagedDatabase(at: path)
    let run = try await sandbox.run(["inspect", "--db", path])
    #expect(run.status == 65)
    #expect(run.output.contains("Integrity check: row 1 missing from index notes_body\n"))
    #expect(run.errors.hasPrefix("Error: The integrity check failed: row 1 missing from index"))
    let json = try await sandbox.run(["inspect", "--db", path, "--json"])
    #expect(json.status == 65)
    let report = try #require(try json.json() as? [String: Any])
    #expect(report["integrity_ok"] as? Bool == false)
    #expect(
      (report["integrity_check"] as? [String])?.first == "row 1 missing from index notes_body")
    #expect(try json.jsonError().code == 65)
  }

  @Test(
    "a name-hash key that is not 32 bytes, planted past its CHECK, is refused; inspect names it",
    arguments: ["x''", "randomblob(16)"])
  func aKeyOfTheWrongLengthIsRefused(planted: String) async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("alice").status == 0)
    // Whoever can write the file can switch the CHECK off for its own connection.
    _ = try await sandbox.sql(
      "PRAGMA ignore_check_constraints = 1; UPDATE secret_keys SET key = \(planted);")
    #expect(try await sandbox.sql("SELECT length(key) FROM secret_keys") != "32")
    let events = try await sandbox.sql("SELECT count(*) FROM auth_events")
    // Every command that would hash a name refuses the database as damaged (65) instead of
    // storing names under a key anyone can reproduce.
    let refusals = [
      try await sandbox.signIn("nobody", password: "a typed secret, perhaps"),
      try await sandbox.signIn("alice", password: "not her passphrase"),
      try await sandbox.run(
        ["verify", "--username", "alice", "--password-stdin"], input: Passphrase.first + "\n"),
      try await sandbox.run(["users", "show", "alice"]),
    ]
    for refused in refusals {
      #expect(refused.status == 65, "\(refused.errors)")
      #expect(
        refused.errors.contains("is damaged: its name-hash key (secret_keys.key) is "),
        "\(refused.errors)")
    }
    #expect(try await sandbox.sql("SELECT count(*) FROM sign_in_throttle") == "0")
    #expect(try await sandbox.sql("SELECT count(*) FROM auth_events") == events)
    // The integrity check of a read-only connection skips CHECK constraints; inspect runs
    // them itself and names the table.
    let inspected = try await sandbox.run(["inspect"])
    #expect(inspected.status == 65)
    #expect(inspected.output.contains("Integrity check: CHECK constraint failed in secret_keys\n"))
    #expect(
      inspected.errors
        == "Error: The integrity check failed: CHECK constraint failed in secret_keys\n"
        + "Restore a copy made by 'authcli backup'; 'authcli inspect' names what fails.\n")
    let json = try await sandbox.run(["inspect", "--json"])
    let report = try #require(try json.json() as? [String: Any])
    #expect(report["integrity_ok"] as? Bool == false)
    #expect(
      report["integrity_check"] as? [String] == ["CHECK constraint failed in secret_keys"])
  }
}
