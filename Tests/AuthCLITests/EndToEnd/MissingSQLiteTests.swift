import AuthTestSupport
import Foundation
import Testing

/// SQLite is loaded when a command first opens a database; when it cannot be loaded, that
/// command says so in one clear error with an install hint (exit 69) before any file is
/// made, and a command that opens no database never notices. The library is really hidden
/// from the real binary, as `MissingLibpqTests` hides libpq.
@Suite("End to end: SQLite missing")
struct MissingSQLiteTests {
  @Test func openingADatabaseSaysSQLiteIsMissingAndVersionStillAnswers() async throws {
    let sandbox = try Sandbox()
    let hidden = try BindMount.hiding("libsqlite3.so.0", in: sandbox)
    try #require(!hidden.isEmpty, "libsqlite3.so.0 is not installed")

    let version = try await sandbox.run(with: hidden, ["--version"])
    #expect(version.status == 0, "\(version.errors)")
    #expect(version.errors.isEmpty)

    // A new database is refused before its file is made.
    let fresh = sandbox.root + "/fresh.sqlite3"
    let signUp = try await sandbox.run(
      with: hidden, ["--db", fresh, "signup", "--username", "ines", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(signUp.status == 69, "\(signUp.errors)")
    let lines = signUp.errors.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix("Error: The SQLite library (libsqlite3) cannot be loaded: ")
        == true, "\(signUp.errors)")
    #expect(
      lines.dropFirst().first
        == "Install SQLite's library (Debian and Ubuntu: apt-get install libsqlite3-0).")
    #expect(!FileManager.default.fileExists(atPath: fresh))

    // An existing database: the same refusal, and the file works again once SQLite is back.
    let database = ["--db", sandbox.root + "/local.sqlite3"]
    #expect(try await sandbox.run(database + ["migrate"]).status == 0)
    let listed = try await sandbox.run(with: hidden, database + ["users", "list"])
    #expect(listed.status == 69, "\(listed.errors)")
    #expect(listed.errors.hasPrefix("Error: The SQLite library (libsqlite3) cannot be loaded: "))
    #expect(try await sandbox.run(database + ["users", "list"]).status == 0)
  }
}
