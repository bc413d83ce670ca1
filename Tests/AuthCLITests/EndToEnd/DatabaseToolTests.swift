import AuthDatabase
import AuthStorage
import Foundation
import Testing

@Suite("End to end: database tools")
struct DatabaseToolTests {
  /// The migrations the binary embeds, in order, and the schema version they make: read
  /// from the same files, so a new migration changes no expectation here.
  static let migrations = Migration.embedded.map(\.identifier)
  static let schemaVersion = SQLiteMigrator().newestVersion

  @Test func readingToolsNeverCreateAMissingDatabase() async throws {
    let sandbox = try Sandbox()
    for arguments in [
      ["inspect"], ["users", "list"], ["migrate", "status"], ["sessions", "list"],
    ] {
      let run = try await sandbox.run(arguments)
      #expect(run.status == 66, "\(arguments)")
      #expect(run.output.isEmpty)
      #expect(
        run.errors
          == "Error: No database at \(sandbox.defaultDatabase); create one with 'authcli signup' or 'authcli migrate'\n"
          + "Its folder is missing too: 'authcli migrate' makes it for the default database; "
          + "for any other, run mkdir -p \(sandbox.root)/data/authcli first.\n"
      )
    }
    #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/data"))
  }

  @Test func migrateCreatesAPrivateDatabaseInAPrivateFolder() async throws {
    let sandbox = try Sandbox()
    let first = try await sandbox.run(["migrate"])
    #expect(first.status == 0)
    #expect(
      first.output
        == "Applied \(Self.migrations.joined(separator: ", ")): schema version "
        + "\(Self.schemaVersion) at \(sandbox.defaultDatabase).\n"
    )
    #expect(try sandbox.mode(of: sandbox.defaultDatabase) == 0o600)
    #expect(try sandbox.mode(of: sandbox.root + "/data/authcli") == 0o700)
    let again = try await sandbox.run(["migrate", "--json"])
    #expect(again.status == 0)
    let object = try #require(try again.json() as? [String: Any])
    #expect(object["applied"] as? [String] == [])
    #expect(object["schema_version"] as? Int == Self.schemaVersion)
  }

  @Test func migrateStatusListsAppliedMigrations() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    let text = try await sandbox.run(["migrate", "status"])
    #expect(text.status == 0)
    let lines = text.output.split(separator: "\n")
    for identifier in Self.migrations {
      #expect(
        lines.contains { $0.hasPrefix(identifier + " ") && $0.contains("  applied  ") },
        "\(identifier)")
    }
    let json = try #require(
      try await sandbox.run(["migrate", "status", "--json"]).json() as? [String: Any])
    #expect(json["pending"] as? [String] == [])
    let applied = try #require(json["applied"] as? [[String: Any]])
    #expect(
      applied.compactMap { $0["identifier"] as? String }
        == Self.migrations)
  }

  @Test func inspectReportsEverythingAsATableAndAsJSON() async throws {
    let sandbox = try Sandbox()
    let database = sandbox.root + "/tools.sqlite3"
    _ = try await sandbox.run(["migrate", "--db", database])
    let text = try await sandbox.run(["inspect", "--db", database])
    #expect(text.status == 0)
    let migrationLines = Self.migrations.enumerated().map { index, identifier in
      (index == 0 ? "Migrations:      " : "                 ") + "\(identifier) (applied "
    }
    let lines: [String] =
      [
        "Path:            \(database)\n", "Journal mode:    wal\n",
        "Schema version:  \(Self.schemaVersion) ",
      ] + migrationLines + [
        "Pending:         none\n", "Sessions:        0 active, 0 expired\n",
        "Password hashes: none\n", "Integrity check: ok\n", "\nTABLE ", "\nusers ",
      ]
    for line in lines {
      #expect(text.output.contains(line), "\(line)")
    }
    let run = try await sandbox.run(["--json", "inspect", "--db=\(database)"])
    let json = try #require(try run.json() as? [String: Any])
    #expect(json["schema_version"] as? Int == Self.schemaVersion)
    #expect(json["path"] as? String == database)
    #expect(json["journal_mode"] as? String == "wal")
    #expect(json["integrity_check"] as? [String] == ["ok"])
    #expect((json["sqlite_version"] as? String)?.hasPrefix("3.") == true)
    let tables = try #require(json["tables"] as? [String: Int])
    #expect(tables["users"] == 0)
    #expect(tables["schema_migrations"] == Self.migrations.count)
    let sessions = try #require(json["sessions"] as? [String: Int])
    #expect(sessions == ["active": 0, "expired": 0])
    #expect(json["password_schemes"] as? [String: Int] == [:])
    let migrations = try #require(json["migrations"] as? [[String: Any]])
    #expect(migrations.count == Self.migrations.count)
  }

  @Test func aFileThatIsNotADatabaseIsInvalidDataAndStaysUntouched() async throws {
    let sandbox = try Sandbox()
    let path = sandbox.root + "/notes.txt"
    try Data("just text, not SQLite\n".utf8).write(to: URL(fileURLWithPath: path))
    for arguments in [["inspect"], ["users", "list"], ["migrate"], ["--json", "inspect"]] {
      let run = try await sandbox.run(arguments + ["--db", path])
      #expect(run.status == 65, "\(arguments)")
      #expect(run.output.isEmpty)
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "just text, not SQLite\n")
    let json = try await sandbox.run(["--json", "inspect", "--db", path])
    let error = try JSONSerialization.jsonObject(with: Data(json.errors.utf8)) as? [String: Any]
    let body = try #require(error?["error"] as? [String: Any])
    #expect(body["code"] as? Int == 65)
    #expect(body["message"] as? String == "\(path) is not an SQLite database".capitalizedFirst)
  }

  @Test func usersListIsEmptyOnANewDatabase() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.run(["migrate"])
    let text = try await sandbox.run(["users", "list"])
    #expect(text.status == 0)
    #expect(text.output == "No accounts yet.\n")
    let json = try await sandbox.run(["users", "list", "--json"])
    #expect(try json.json() as? [Any] != nil)
    #expect((try json.json() as? [Any])?.isEmpty == true)
  }
}

extension String {
  fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
