import AuthStorage
import Foundation
import Testing

@Suite("End to end: a damaged database")
struct DamagedDatabaseTests {
  /// A database whose index no longer matches its table: it opens, but the integrity
  /// check fails.
  private func makeDamagedDatabase(at path: String) throws {
    let database = try Database.open(path: path)
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
}
