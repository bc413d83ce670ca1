import Foundation
import PostgresTestSupport
import Testing

/// `users export | users import --format jsonl -` through the real binary: every field
/// round-trips on each engine, and a SQLite store moves to PostgreSQL with nothing lost.
@Suite("End to end: export, import and moving engines")
struct MoveTests {
  /// Accounts of every kind: signed in (with a session), never signed in, and locked with
  /// a reason.
  private func populate(_ sandbox: borrowing Sandbox, database: String) async throws {
    func run(_ arguments: [String], input: String = "") async throws -> Sandbox.Run {
      try await sandbox.run(["--db", database] + arguments, input: input)
    }
    #expect(try await run(["migrate"]).status == 0)
    for name in ["ada", "bob", "cyd"] {
      let added = try await run(
        ["users", "add", "--username", name, "--password-stdin"],
        input: Passphrase.first + "\n" + Passphrase.first + "\n")
      #expect(added.status == 0, "\(added.errors)")
    }
    let signedIn = try await run(
      ["verify", "--username", "ada", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(signedIn.status == 0)
    let session = try await run(
      ["signin", "--username", "ada", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(session.status == 0, "\(session.errors)")
    #expect(try await run(["users", "lock", "bob", "--reason", "on leave"]).status == 0)
    #expect(try await run(["users", "expire", "ada", "--on", "2099-01-01"]).status == 0)
  }

  @Test(arguments: Engine.allCases)
  func anExportImportedIntoAFreshDatabaseExportsTheSame(engine: Engine) async throws {
    let sandbox = try Sandbox(engine: engine)
    let source =
      engine == .postgres
      ? try TestPostgres.freshSchema().connectionString : sandbox.root + "/source.sqlite3"
    let destination =
      engine == .postgres
      ? try TestPostgres.freshSchema().connectionString : sandbox.root + "/copy.sqlite3"
    try await populate(sandbox, database: source)
    let exported = try await sandbox.run(["--db", source, "users", "export"])
    #expect(exported.status == 0, "\(exported.errors)")
    #expect(exported.output.split(separator: "\n").count == 3)
    #expect(exported.output.contains(#""expires_at":"2099-01-01T00:00:00Z""#))
    #expect(try await sandbox.run(["--db", destination, "migrate"]).status == 0)
    let imported = try await sandbox.run(
      ["--db", destination, "users", "import", "--format", "jsonl", "-"], input: exported.output)
    #expect(imported.status == 0, "\(imported.errors)")
    let again = try await sandbox.run(["--db", destination, "users", "export"])
    #expect(again.output == exported.output)
  }

  @Test(.enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
  func aSQLiteStoreMovesToPostgreSQLWithNothingLost() async throws {
    let sandbox = try Sandbox()
    let file = sandbox.root + "/grown.sqlite3"
    let server = try TestPostgres.freshSchema().connectionString
    try await populate(sandbox, database: file)
    let exported = try await sandbox.run(["--db", file, "users", "export"])
    let moved = try await sandbox.run(
      ["--db", server, "users", "import", "--format", "jsonl", "-"], input: exported.output)
    #expect(moved.status == 0, "\(moved.errors)")
    #expect(try await sandbox.run(["--db", server, "users", "export"]).output == exported.output)
    let signedIn = try await sandbox.run(
      ["--db", server, "verify", "--username", "ada", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(signedIn.status == 0, "\(signedIn.errors)")
    let locked = try await sandbox.run(
      ["--db", server, "verify", "--username", "bob", "--password-stdin"],
      input: Passphrase.first + "\n")
    #expect(locked.status == 77)
  }
}
