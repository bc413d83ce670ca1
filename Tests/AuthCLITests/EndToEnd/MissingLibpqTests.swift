import Foundation
import Testing

/// libpq is loaded only for a PostgreSQL target; when it cannot be loaded, a PostgreSQL
/// command says so in one clear error with an install hint (exit 69), and SQLite commands
/// never notice. The library is really hidden from the real binary: a private mount
/// namespace covers the file the loader would map with an empty one.
@Suite("End to end: libpq missing")
struct MissingLibpqTests {
  @Test func aPostgreSQLCommandSaysLibpqIsMissingAndAnSQLiteOneStillWorks() async throws {
    let sandbox = try Sandbox()
    // Where libpq is not installed at all, nothing needs hiding.
    let hidden = try BindMount.hiding("libpq.so.5", in: sandbox)
    let remote = try await sandbox.run(
      with: hidden, ["--db", "postgresql:///x?host=/nonexistent", "whoami"])
    #expect(remote.status == 69, "\(remote.errors)")
    let lines = remote.errors.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3, "\(remote.errors)")
    #expect(
      lines.first?.hasPrefix("Error: The PostgreSQL client library (libpq) cannot be loaded: ")
        == true, "\(remote.errors)")
    #expect(lines.dropFirst().first == "Install libpq (Debian and Ubuntu: apt-get install libpq5).")
    #expect(remote.output.isEmpty)

    // Under the same mounts, the SQLite commands work as ever.
    let database = ["--db", sandbox.root + "/local.sqlite3"]
    let signUp = try await sandbox.run(
      with: hidden, database + ["signup", "--username", "ines", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(signUp.status == 0, "\(signUp.errors)")
    let whoami = try await sandbox.run(with: hidden, database + ["whoami", "--json"])
    #expect(whoami.status == 0, "\(whoami.errors)")
    #expect((try whoami.json() as? [String: Any])?["username"] as? String == "ines")
  }
}
