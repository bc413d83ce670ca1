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
    let database = try Database.openInMemory()
    let migrator = Migrator()
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

  @Test("a failing migration rolls back alone; the one before it stays applied")
  func failingMigration() throws {
    let database = try Database.openInMemory()
    let migrator = Migrator(migrations: [
      Migration(identifier: "0001_first", version: 1, sql: "CREATE TABLE first (x INTEGER);"),
      Migration(
        identifier: "0002_broken", version: 2,
        sql: "CREATE TABLE second (x INTEGER); INSERT INTO missing_table VALUES (1);"),
    ])
    let error = #expect(throws: StorageError.self) { try migrator.migrate(database, at: time(0)) }
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
    let path = folder.path("future.sqlite")
    let database = try Database.open(path: path)
    try Migrator().migrate(database)
    // A rollback journal, so that a stray WAL switch or write would change the main file.
    try database.executeScript("PRAGMA journal_mode = DELETE; PRAGMA user_version = 999;")
    database.close()
    let before = try fileBytes(path)

    let newest = Migrator().newestVersion
    #expect(throws: StorageError.schemaTooNew(found: 999, newestKnown: newest)) {
      _ = try SQLiteAuthStore.open(path: path)
    }
    let reopened = try Database.open(path: path, options: OpenOptions(mode: .readOnly))
    #expect(throws: StorageError.schemaTooNew(found: 999, newestKnown: newest)) {
      try Migrator().migrate(reopened)
    }
    reopened.close()
    #expect(try fileBytes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test("opening a store without migrating leaves the schema empty")
  func openWithoutMigrating() throws {
    let store = try SQLiteAuthStore.open(path: Database.inMemoryPath, migrate: false)
    let version = try store.withDatabase { try $0.userVersion() }
    #expect(version == 0)
  }
}
