import AuthDatabase
import AuthStorage
import CSQLite
import Foundation
import Testing

@Suite("Migrations")
struct MigratorTests {
  @Test("every embedded file is a well-named migration, numbered from 1 without gaps")
  func embedded() {
    let versions = Migration.embedded.map(\.version)
    #expect(versions == Array(1...max(versions.count, 1)))
    #expect(Migration.embedded.first?.identifier == "0001_initial")
  }

  @Test(
    "file names give identifier and version",
    arguments: [
      ("0001_initial.sql", "0001_initial", 1), ("0012_add_index.sql", "0012_add_index", 12),
    ])
  func parsing(fileName: String, identifier: String, version: Int) throws {
    let migration = try #require(Migration(fileName: fileName, contents: "SELECT 1;"))
    #expect(migration.identifier == identifier)
    #expect(migration.version == version)
  }

  @Test(
    "names without a positive number or .sql are not migrations",
    arguments: [
      "initial.sql", "0000_zero.sql", "0001_initial.txt",
    ])
  func badNames(fileName: String) {
    #expect(Migration(fileName: fileName, contents: "") == nil)
  }

  @Test("a fresh database reaches the newest version, and running again changes nothing")
  func freshAndRerun() throws {
    let database = try SQLiteDatabase.openInMemory()
    let migrator = SQLiteMigrator()
    #expect(try migrator.pendingMigrations(in: database) == Migration.embedded)
    let applied = try migrator.migrate(database, at: time(0))
    #expect(applied == Migration.embedded)
    #expect(try database.userVersion() == migrator.newestVersion)
    for table in ["users", "sessions", "auth_events", "sign_in_throttle", "schema_migrations"] {
      #expect(try database.tableExists(table), "\(table)")
    }
    let recorded = try migrator.appliedMigrations(in: database)
    #expect(
      recorded
        == Migration.embedded.map {
          AppliedMigration(identifier: $0.identifier, appliedAt: time(0))
        })

    #expect(try migrator.migrate(database, at: time(99)).isEmpty)
    #expect(try migrator.appliedMigrations(in: database) == recorded)
    #expect(try migrator.pendingMigrations(in: database).isEmpty)
  }

  @Test("rebuilding sessions (0002) keeps every row, its indexes and its cascade")
  func sessionRebuildKeepsRows() throws {
    let database = try SQLiteDatabase.openInMemory()
    let initial = Migration.embedded.filter { $0.version == 1 }
    try SQLiteMigrator(migrations: initial).migrate(database, at: time(0))
    try database.executeScript(
      """
      INSERT INTO users (id, username, password_hash, created_at, updated_at)
        VALUES (1, 'ada', 'h', 0, 0), (2, 'bob', 'h', 0, 0);
      INSERT INTO sessions (id, token_hash, user_id, created_at, last_used_at, expires_at)
        VALUES (3, x'01', 1, 10, 11, 12), (7, x'02', 2, 20, 21, 22);
      """)
    try SQLiteMigrator().migrate(database, at: time(1))
    let rows = try database.query(
      "SELECT id, user_id, created_at, last_used_at, expires_at FROM sessions ORDER BY id"
    ) { row throws(SQLiteError) in
      [
        try row.decode(Int64.self, "id"), try row.decode(Int64.self, "user_id"),
        try row.decode(Int64.self, "created_at"), try row.decode(Int64.self, "last_used_at"),
        try row.decode(Int64.self, "expires_at"),
      ]
    }
    #expect(rows == [[3, 1, 10, 11, 12], [7, 2, 20, 21, 22]])
    let indexes = try database.query(
      """
      SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'sessions'
        AND name NOT LIKE 'sqlite_autoindex%' ORDER BY name
      """
    ) { row throws(SQLiteError) in try row.decode(String.self, "name") }
    #expect(indexes == ["sessions_by_expiry", "sessions_by_user"])
    // The next id follows the highest ever used, and the cascade still holds.
    try database.executeScript(
      "INSERT INTO sessions (token_hash, user_id, created_at, last_used_at, expires_at)"
        + " VALUES (x'03', 1, 0, 0, 0); DELETE FROM users WHERE id = 2;")
    let remaining = try database.query("SELECT id FROM sessions ORDER BY id") {
      row throws(SQLiteError) in try row.decode(Int64.self, "id")
    }
    #expect(remaining == [3, 8])
  }

  @Test("a failing migration rolls back alone; the one before it stays applied")
  func failingMigration() throws {
    let database = try SQLiteDatabase.openInMemory()
    let migrator = SQLiteMigrator(migrations: [
      Migration(identifier: "0001_first", version: 1, sql: "CREATE TABLE first (x INTEGER);"),
      Migration(
        identifier: "0002_broken", version: 2,
        sql: "CREATE TABLE second (x INTEGER); INSERT INTO missing_table VALUES (1);"),
    ])
    let error = #expect(throws: SQLiteError.self) { try migrator.migrate(database, at: time(0)) }
    guard case .migrationFailed(let identifier, _) = error else {
      Issue.record("expected .migrationFailed, got \(String(describing: error))")
      return
    }
    #expect(identifier == "0002_broken")
    #expect(try database.userVersion() == 1)
    #expect(try database.tableExists("first"))
    #expect(try !database.tableExists("second"))
    #expect(try migrator.appliedMigrations(in: database).map(\.identifier) == ["0001_first"])
    #expect(try migrator.pendingMigrations(in: database).map(\.identifier) == ["0002_broken"])
  }

  @Test("a database newer than this program is refused and its bytes stay as they were")
  func newerDatabase() throws {
    let folder = try TemporaryFolder()
    let path = try folder.migratedDatabase("future.sqlite", then: "PRAGMA user_version = 999;")
    let before = try fileBytes(path)

    let newest = SQLiteMigrator().newestVersion
    #expect(throws: SQLiteError.schemaTooNew(found: 999, newestKnown: newest)) {
      _ = try SQLiteAuthStore.open(path: path)
    }
    let reopened = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    #expect(throws: SQLiteError.schemaTooNew(found: 999, newestKnown: newest)) {
      try SQLiteMigrator().migrate(reopened)
    }
    reopened.close()
    #expect(try fileBytes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("a store always comes migrated, in memory and on a new file")
  func aStoreAlwaysComesMigrated() throws {
    let folder = try TemporaryFolder()
    for store in [
      try SQLiteAuthStore.inMemory(), try SQLiteAuthStore.open(path: folder.path("new.sqlite")),
    ] {
      let version = try store.withDatabase { try $0.userVersion() }
      #expect(version == SQLiteMigrator().newestVersion)
    }
  }
}
