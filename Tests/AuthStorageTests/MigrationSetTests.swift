import AuthDatabase
import AuthStorage
import AuthTestSupport
import CSQLite
import Foundation
import Testing

@Suite("Migration sets")
struct MigrationSetTests {
  @Test(
    "misnamed files are refused by name, never left out",
    arguments: [
      "initial.sql", "0001_initial.txt", "1_initial.sql", "0001-initial.sql", "0001_Initial.sql",
      "0000_zero.sql", "0001_.sql", "0001_initial.sql.orig",
    ])
  func misnamed(name: String) {
    let files = [(name: name, contents: "SELECT 1;")]
    #expect(throws: MigrationSetError.misnamed(file: name)) {
      try Migration.validated(files: files)
    }
  }

  @Test("two files with one number are refused, naming both")
  func duplicates() {
    let files = [
      (name: "0001_initial.sql", contents: ""), (name: "0002_a.sql", contents: ""),
      (name: "0002_b.sql", contents: ""),
    ]
    #expect(throws: MigrationSetError.duplicateNumber(2, files: ["0002_a.sql", "0002_b.sql"])) {
      try Migration.validated(files: files)
    }
  }

  @Test("a plan refuses a newer database with the engine's error, before reading its records")
  func planRefusesNewerFirst() throws {
    struct Newer: Error, Equatable {
      let found: Int
      let newestKnown: Int
    }
    let plan = MigrationPlan(embeddedFiles: [
      (name: "0001_initial.sql", contents: ""), (name: "0002_b.sql", contents: ""),
    ])
    #expect(plan.newestVersion == 2)
    var recordsRead = false
    #expect(throws: Newer(found: 3, newestKnown: 2)) {
      try plan.admit(
        version: 3,
        recorded: {
          recordsRead = true
          return []
        }, newer: Newer.init)
    }
    #expect(!recordsRead)
    #expect(throws: MigrationSetError.recordedDiffers(recorded: "0002_a", known: "0002_b")) {
      try plan.admit(version: 2, recorded: { ["0001_initial", "0002_a"] }, newer: Newer.init)
    }
    try plan.admit(version: 1, recorded: { ["0001_initial"] }, newer: Newer.init)
    #expect(try plan.pending(after: 1).map(\.identifier) == ["0002_b"])
  }

  @Test("a plan of badly named files has no migrations and names the rule they break")
  func planOfBrokenFiles() {
    let plan = MigrationPlan(embeddedFiles: [(name: "1_initial.sql", contents: "")])
    #expect(plan.migrations.isEmpty)
    #expect(plan.problem == .misnamed(file: "1_initial.sql"))
    #expect(throws: MigrationSetError.misnamed(file: "1_initial.sql")) {
      try plan.pending(after: 0)
    }
  }

  @Test("a missing number is refused, naming the file after the gap")
  func gaps() {
    let files = [(name: "0001_initial.sql", contents: ""), (name: "0003_c.sql", contents: "")]
    #expect(throws: MigrationSetError.gap(missing: 2, before: "0003_c.sql")) {
      try Migration.validated(files: files)
    }
  }

  @Test("a migrator with a duplicate number refuses to start and writes nothing")
  func migratorRefusesDuplicates() throws {
    let database = try SQLiteDatabase.openInMemory()
    let migrator = SQLiteMigrator(migrations: RefusedMigrationSets.duplicateNumber)
    #expect(throws: MigrationSetError.duplicateNumber(1, files: ["0001_a.sql", "0001_b.sql"])) {
      try migrator.migrate(database)
    }
    #expect(try database.userVersion() == 0)
    #expect(try !database.tableExists("a"))
  }

  @Test("migrations are keyed by number and name: another name under a number is refused")
  func keyedByNumberAndName() throws {
    let database = try SQLiteDatabase.openInMemory()
    try SQLiteMigrator(migrations: RefusedMigrationSets.recorded).migrate(database)
    let renamed = SQLiteMigrator(migrations: RefusedMigrationSets.renamed)
    #expect(
      throws: MigrationSetError.recordedDiffers(recorded: "0001_first", known: "0001_other")
    ) { try renamed.migrate(database) }
    #expect(try database.userVersion() == 1)
    #expect(try !database.tableExists("b"))
  }

  @Test("rebuilding a parent table in a migration keeps its children's rows (foreign keys off)")
  func rebuildDoesNotCascade() throws {
    let database = try SQLiteDatabase.openInMemory()
    try SQLiteMigrator().migrate(database)
    try database.executeScript(
      """
      INSERT INTO users (id, username, password_hash, created_at, updated_at)
        VALUES (1, 'ann', 'x', 0, 0);
      INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (x'00', 1, 0, 0, 10);
      """)
    // The table as the migrations made it, under another name, whatever columns it has now.
    let definition = try #require(
      try database.queryFirst("SELECT sql FROM sqlite_master WHERE name = 'users'") {
        row throws(SQLiteError) in try row.decode(String.self, "sql")
      })
    let create = definition.replacingOccurrences(
      of: "CREATE TABLE users", with: "CREATE TABLE users_rebuilt")
    let rebuild = Migration(
      identifier: "9999_rebuild_users", version: Migration.embedded.count + 1,
      sql: """
        \(create);
        INSERT INTO users_rebuilt SELECT * FROM users;
        DROP TABLE users;
        ALTER TABLE users_rebuilt RENAME TO users;
        """)
    try SQLiteMigrator(migrations: Migration.embedded + [rebuild]).migrate(database)
    #expect(try database.scalarInt("SELECT count(*) FROM sessions") == 1)
    #expect(try database.scalarInt("PRAGMA foreign_keys") == 1)
  }

  @Test("a migration that leaves dangling foreign keys is rolled back")
  func danglingForeignKeysRollBack() throws {
    let database = try SQLiteDatabase.openInMemory()
    try SQLiteMigrator().migrate(database)
    let next = Migration.embedded.count + 1
    let orphan = Migration(
      identifier: "9999_orphan", version: next,
      sql: """
        INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)
          VALUES (x'01', 42, 0, 0, 10);
        """)
    #expect(throws: SQLiteError.foreignKeysBroken(identifier: "9999_orphan", table: "sessions")) {
      try SQLiteMigrator(migrations: Migration.embedded + [orphan]).migrate(database)
    }
    #expect(try database.userVersion() == next - 1)
    #expect(try database.scalarInt("SELECT count(*) FROM sessions") == 0)
  }

  @Test("the build refuses a migrations folder with a duplicate, a gap or a misnamed file")
  func embeddingStepRefuses() throws {
    let tool = try #require(Self.embedTool, "EmbedTool is built with the package")
    let folder = try TemporaryFolder()
    func embed(_ names: [String]) throws -> (status: Int32, errors: String) {
      let paths = try names.map { name in
        let path = folder.path(name)
        try Data("SELECT 1;".utf8).write(to: URL(fileURLWithPath: path))
        return path
      }
      let run = try ChildProcess.capture(
        tool, ["EmbeddedMigrations", folder.path("out.swift")] + paths)
      for path in paths { try? FileManager.default.removeItem(atPath: path) }
      return (run.status, run.errors)
    }
    #expect(try embed(["0001_a.sql", "0002_b.sql"]).status == 0)
    let duplicate = try embed(["0001_a.sql", "0002_b.sql", "0002_c.sql"])
    #expect(duplicate.status == 65)
    #expect(duplicate.errors.contains("0002_c.sql"))
    let gap = try embed(["0001_a.sql", "0003_c.sql"])
    #expect(gap.status == 65)
    #expect(gap.errors.contains("0003_c.sql"))
    let misnamed = try embed(["0001_a.sql", "0002-b.sql"])
    #expect(misnamed.status == 65)
    #expect(misnamed.errors.contains("0002-b.sql"))
  }

  /// The embedding tool, built next to the test binary.
  static var embedTool: String? { BuiltProducts.path(of: ["EmbedTool-tool", "EmbedTool"]) }
}
