import AuthPostgres
import AuthTestSupport
import Foundation
import PostgresTestSupport
import Testing

/// An app's own data beside the accounts, through the real binaries: the example app
/// (Examples/ProfileApp) writes its profile table under its own migrations, and the stock
/// `authcli` then lists, signs in, inspects and deletes on that file; a key of the app's that
/// does not cascade makes `users delete` refuse, naming the table, with nothing deleted.
@Suite("End to end: an app's own data beside the accounts")
struct AppDataTests {
  static let password = "plum tractor dawn whistle"

  @Test("the profile app's file works with the stock binary, and deleting cascades")
  func profileApp() async throws {
    let sandbox = try Sandbox()
    let database = sandbox.root + "/profiles.sqlite3"
    let app = try #require(BuiltProducts.path(of: ["ProfileApp"]), "ProfileApp is not built")
    let ran = try await sandbox.runProgram(app, [database, "--minimum-cost"])
    #expect(ran.status == 0, "\(ran.errors)")
    #expect(ran.output == "Signed up ada with the profile Ada Lovelace <ada@example.org>.\n")
    func authcli(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(["--db", database] + arguments, input: input)
    }
    let listed = try await authcli(["users", "list"])
    #expect(listed.status == 0, "\(listed.errors)")
    #expect(listed.output.contains("ada "))
    let signedIn = try await authcli(
      ["signin", "--username", "ada", "--password-stdin"], input: Self.password + "\n")
    #expect(signedIn.status == 0, "\(signedIn.errors)")
    let inspected = try await authcli(["inspect"])
    #expect(inspected.status == 0, "\(inspected.errors)")
    #expect(inspected.output.contains("Other objects:   table profiles"), "\(inspected.output)")
    #expect(inspected.output.contains("Schema check:    ok"))
    let report = try #require(try await authcli(["inspect", "--json"]).json() as? [String: Any])
    #expect(report["other_objects"] as? [String] == ["table profiles"])
    #expect((report["tables"] as? [String: Int])?["profiles"] == 1)
    #expect((report["tables"] as? [String: Int])?["app_migrations"] == 1)
    // The app's migration is recorded apart: authcli's version and records are its own.
    let newest = try #require(report["newest_known_schema_version"] as? Int)
    #expect(try await sandbox.sql("PRAGMA user_version", database: database) == "\(newest)")
    #expect(
      try await sandbox.sql("SELECT count(*) FROM schema_migrations", database: database)
        == "\(newest)")
    let deleted = try await authcli(["users", "delete", "ada", "--yes"])
    #expect(deleted.status == 0, "\(deleted.errors)")
    #expect(try await sandbox.sql("SELECT count(*) FROM profiles", database: database) == "0")
  }

  @Test("a key that does not cascade makes users delete refuse, naming the table (SQLite)")
  func restrictingKeySQLite() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("ada").status == 0)
    _ = try await sandbox.sql(
      """
      CREATE TABLE invoices (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users (id));
      INSERT INTO invoices (user_id) SELECT id FROM users;
      """)
    try await Self.expectRefusal(sandbox, table: "invoices")
    // Renaming changes only the name: the invoice still points at the account.
    let renamed = try await sandbox.run(["users", "rename", "ada", "lovelace"])
    #expect(renamed.status == 0, "\(renamed.errors)")
    #expect(
      try await sandbox.sql(
        "SELECT username FROM users JOIN invoices ON invoices.user_id = users.id") == "lovelace")
    #expect(try await sandbox.run(["whoami"]).status == 0)
  }

  @Test("a key that does not cascade makes users delete refuse, naming the table (PostgreSQL)")
  func restrictingKeyPostgres() async throws {
    guard TestPostgres.shouldRun else { return }
    let sandbox = try Sandbox(engine: .postgres)
    #expect(try await sandbox.signUp("ada").status == 0)
    let uri = try #require(sandbox.environment["AUTHCLI_DB"])
    let connection = try PostgresConnection.connect(uri, target: "test")
    let app = "billing_" + UUID().uuidString.lowercased().replacing("-", with: "").prefix(8)
    try connection.executeScript(
      """
      CREATE SCHEMA \(app);
      CREATE TABLE \(app).invoices (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES "\(connection.schema)".users (id));
      INSERT INTO \(app).invoices (user_id) SELECT id FROM "\(connection.schema)".users;
      """)
    let inspected = try await sandbox.run(["inspect"])
    #expect(inspected.status == 0, "\(inspected.errors)")
    #expect(
      inspected.output.contains("Other objects:   table \(app).invoices references users"),
      "\(inspected.output)")
    try await Self.expectRefusal(sandbox, table: "invoices")
    try connection.executeScript("DROP SCHEMA \(app) CASCADE")
  }

  /// `users delete ada` refused with 65 and the table's name; the account, its session and
  /// its audit trail untouched.
  static func expectRefusal(_ sandbox: borrowing Sandbox, table: String) async throws {
    let events = try await sandbox.run(["audit", "--json"]).output
    let refused = try await sandbox.run(["users", "delete", "ada", "--yes"])
    #expect(refused.status == 65, "\(refused.errors)")
    #expect(refused.errors.contains("table \(table)"), "\(refused.errors)")
    #expect(refused.errors.contains("ON DELETE CASCADE"), "\(refused.errors)")
    let json = try await sandbox.run(["users", "delete", "ada", "--yes", "--json"])
    let error = try #require(
      (try JSONSerialization.jsonObject(with: Data(json.errors.utf8)) as? [String: Any])?["error"]
        as? [String: Any])
    #expect(error["kind"] as? String == "account_referenced")
    #expect(try await sandbox.run(["users", "show", "ada"]).status == 0)
    #expect(try await sandbox.run(["whoami"]).status == 0)
    #expect(try await sandbox.run(["audit", "--json"]).output == events)
  }
}
