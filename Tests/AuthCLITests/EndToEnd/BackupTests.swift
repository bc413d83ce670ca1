import AuthStorage
import AuthTestSupport
import Foundation
import Testing

@Suite("End to end: backup and migrate --adopt")
struct BackupTests {
  /// The newest schema version: every migration in Migrations/sqlite.
  static let newest = SQLiteMigrator().newestVersion

  @Test func aBackupIsAPrivateCheckedCopyThatWorks() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("uma")
    let copy = sandbox.root + "/copy.sqlite3"
    let run = try await sandbox.run(["backup", copy])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.hasPrefix("Backed up \(sandbox.defaultDatabase) to \(copy) ("))
    #expect(
      run.output.hasSuffix(
        " bytes, schema version \(Self.newest), integrity check ok; the second-factor key file is not in it).\n"
      ))
    #expect(try sandbox.mode(of: copy) == 0o600)
    #expect(try await sandbox.sql("PRAGMA integrity_check", database: copy) == "ok")
    let users = try await sandbox.run(["users", "list", "--db", copy, "--json"])
    #expect((try users.json() as? [[String: Any]])?.first?["username"] as? String == "uma")
    // No temporary file is left beside it.
    let names = try FileManager.default.contentsOfDirectory(atPath: sandbox.root)
    #expect(!names.contains { $0.contains(".backup-") })

    let relative = try await sandbox.run(["backup", "relative.sqlite3", "--json"])
    let object = try #require(try relative.json() as? [String: Any])
    #expect(object["path"] as? String == sandbox.root + "/relative.sqlite3")
    #expect(object["integrity_ok"] as? Bool == true)
  }

  @Test func aBackupNeverReplacesAFile() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("vic")
    let existing = sandbox.root + "/taken"
    try Data("keep me".utf8).write(to: URL(fileURLWithPath: existing))
    let run = try await sandbox.run(["backup", existing])
    #expect(run.status == 73)
    #expect(run.errors.hasPrefix("Error: \(existing) already exists; nothing was written\n"))
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
    let link = sandbox.root + "/dangling"
    try FileManager.default.createSymbolicLink(
      atPath: link, withDestinationPath: sandbox.root + "/nowhere")
    #expect(try await sandbox.run(["backup", link]).status == 73)
    #expect(!FileManager.default.fileExists(atPath: sandbox.root + "/nowhere"))
    let noFolder = try await sandbox.run(["backup", sandbox.root + "/missing/copy.sqlite3"])
    #expect(noFolder.status == 73)
    #expect(try await sandbox.run(["backup"]).status == 64)
  }

  @Test func aBackupIsConsistentWhileAnotherProcessWrites() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("wes")
    // Accounts are added in the background while three backups run.
    let script = """
      for n in 0 1 2 3 4 5; do
        printf '%s\\n' "$3" | "$0" users add --db "$1" --username "writer$n" --password-stdin \\
          >/dev/null || exit 1
      done &
      writers=$!
      for n in 0 1 2; do "$0" backup --db "$1" "$2/during-$n.sqlite3" >/dev/null || exit 2; done
      wait $writers || exit 3
      """
    let run = try await sandbox.runProgram(
      "/bin/sh",
      ["-c", script, AuthCLIBinary.path, sandbox.defaultDatabase, sandbox.root, Passphrase.first])
    #expect(run.status == 0, "\(run.errors)")
    let copies = (0..<3).map { sandbox.root + "/during-\($0).sqlite3" }
    for copy in copies {
      #expect(try await sandbox.sql("PRAGMA integrity_check", database: copy) == "ok")
      // Each copy is one snapshot: every account in it has its audit event.
      #expect(
        try await sandbox.sql(
          "SELECT count(*) FROM users WHERE id NOT IN (SELECT user_id FROM auth_events WHERE user_id IS NOT NULL)",
          database: copy) == "0")
    }
  }

  @Test func aDumpedCopyIsUsableOnceAdopted() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("xia")
    let restored = sandbox.root + "/restored.sqlite3"
    let dump = try await sandbox.runProgram("/usr/bin/sqlite3", [sandbox.defaultDatabase, ".dump"])
    #expect(dump.status == 0)
    _ = try await sandbox.runProgram(
      "/bin/sh", ["-c", "umask 022; exec /usr/bin/sqlite3 \"$0\"", restored], input: dump.output)
    #expect(try sandbox.mode(of: restored) == 0o644)
    let before = try await sandbox.run(["users", "list", "--db", restored])
    #expect(before.status == 65)
    #expect(before.errors.contains("another program"))
    #expect(
      before.errors.hasSuffix(
        "\nA text dump of an authcli database becomes usable with 'authcli migrate --adopt'.\n"))

    // inspect tells what is wrong rather than contradicting itself.
    let report = try #require(
      try await sandbox.run(["inspect", "--json", "--db", restored]).json() as? [String: Any])
    #expect(report["schema_version"] as? Int == 0)
    #expect(report["needs_adoption"] as? Bool == true)
    #expect(report["pending_migrations"] as? [String] == [])
    #expect((report["migrations"] as? [Any])?.count == Self.newest)

    let adopted = try await sandbox.run(["migrate", "--adopt", "--db", restored])
    #expect(adopted.status == 0, "\(adopted.errors)")
    #expect(adopted.output == "Adopted \(restored): schema version \(Self.newest).\n")
    #expect(try sandbox.mode(of: restored) == 0o600)
    let users = try await sandbox.run(["users", "list", "--db", restored, "--json"])
    #expect((try users.json() as? [[String: Any]])?.first?["username"] as? String == "xia")
    let signIn = try await sandbox.signIn(
      "xia", password: Passphrase.first, extra: ["--db", restored])
    #expect(signIn.status == 0, "\(signIn.errors)")
    let after = try #require(
      try await sandbox.run(["inspect", "--json", "--db", restored]).json() as? [String: Any])
    #expect(after["needs_adoption"] as? Bool == false)
    #expect(after["schema_version"] as? Int == Self.newest)
    let again = try await sandbox.run(["migrate", "--adopt", "--db", restored, "--json"])
    #expect(again.status == 0, "\(again.errors)")
    #expect((try again.json() as? [String: Any])?["schema_version"] as? Int == Self.newest)
  }

  @Test func adoptionRefusesASchemaThatIsNotExactlyTheMigrations() async throws {
    let sandbox = try Sandbox()
    _ = try await sandbox.signUp("yul")
    let dump = try await sandbox.runProgram("/usr/bin/sqlite3", [sandbox.defaultDatabase, ".dump"])
    for (name, change) in [
      ("extra-index", "CREATE INDEX spy ON users (password_hash);"),
      ("extra-trigger", "CREATE TRIGGER t AFTER INSERT ON users BEGIN SELECT 1; END;"),
      ("dropped-index", "DROP INDEX sessions_by_user;"),
      ("no-records", "DELETE FROM schema_migrations;"),
      ("unknown-record", "INSERT INTO schema_migrations VALUES ('0099_future', 0);"),
    ] {
      let path = sandbox.root + "/\(name).sqlite3"
      _ = try await sandbox.runProgram("/usr/bin/sqlite3", [path], input: dump.output + change)
      let before = try Data(contentsOf: URL(fileURLWithPath: path))
      let run = try await sandbox.run(["migrate", "--adopt", "--db", path])
      #expect(run.status == 65, "\(name): \(run.errors)")
      #expect(run.errors.hasPrefix("Error: Not adopted: "), "\(name): \(run.errors)")
      #expect(try await sandbox.sql("PRAGMA user_version", database: path) == "0", "\(name)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "\(name)")
    }
    let foreign = sandbox.root + "/foreign.sqlite3"
    _ = try await sandbox.runProgram(
      "/usr/bin/sqlite3", [foreign], input: "CREATE TABLE notes (x);")
    let run = try await sandbox.run(["migrate", "--adopt", "--db", foreign])
    #expect(run.status == 65)
    #expect(run.errors.contains("records no migrations"))
  }
}
