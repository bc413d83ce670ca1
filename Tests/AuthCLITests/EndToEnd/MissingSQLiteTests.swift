import AuthTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// SQLite is loaded when a command first opens a database; when it cannot be loaded, that
/// command says so in one clear error with an install hint (exit 69) before any file is
/// made, and a command that opens no database never notices. The library is really hidden
/// from the real binary, as `MissingLibpqTests` hides libpq.
@Suite("End to end: SQLite missing")
struct MissingSQLiteTests {
  @Test func openingADatabaseSaysSQLiteIsMissingAndVersionStillAnswers() async throws {
    let sandbox = try Sandbox()
    let library = try #require(try Self.loadedSQLitePath(), "libsqlite3.so.0 is not installed")
    let empty = sandbox.root + "/not-a-library"
    _ = FileManager.default.createFile(atPath: empty, contents: Data())
    let hidden = [BindMount(source: empty, target: library, readOnly: true)]

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

  /// The file the dynamic loader maps for `libsqlite3.so.0`, read from this process's own
  /// mappings; `nil` when the library is not installed.
  static func loadedSQLitePath() throws -> String? {
    guard dlopen("libsqlite3.so.0", RTLD_NOW) != nil else { return nil }
    let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/maps"))
    defer { try? handle.close() }
    let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    return maps.split(separator: "\n").lazy.compactMap { line -> String? in
      guard let slash = line.firstIndex(of: "/") else { return nil }
      let path = String(line[slash...])
      return path.contains("/libsqlite3.so") ? path : nil
    }.first
  }
}
