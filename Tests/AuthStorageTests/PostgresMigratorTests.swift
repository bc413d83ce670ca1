import AuthCore
import AuthDatabase
import AuthPostgres
import AuthStorage
import Foundation
import PostgresTestSupport
import Testing

@Suite("Migrations per engine")
struct MigrationsPerEngineTests {
  @Test("Migrations/sqlite and Migrations/postgres have the same numbers and names")
  func sameNumbersAndNames() {
    #expect(Migration.embeddedFileNames == PostgresMigrator.embeddedFileNames)
    #expect(!PostgresMigrator.embedded.isEmpty)
    #expect(PostgresMigrator.embedded.map(\.identifier) == Migration.embedded.map(\.identifier))
    #expect(PostgresMigrator.embedded.map(\.version) == Array(1...PostgresMigrator.embedded.count))
  }
}

@Suite("PostgreSQL migrations", .enabled(if: TestPostgres.shouldRun))
struct PostgresMigratorTests {
  private func connect() throws -> (PostgresTarget, PostgresConnection) {
    let target = try TestPostgres.freshSchema()
    return (target, try PostgresConnection.connect(target.connectionString, target: "test"))
  }

  @Test("a fresh schema reaches the newest version, and running again changes nothing")
  func migratesOnce() throws {
    let (_, connection) = try connect()
    let migrator = PostgresMigrator()
    #expect(try migrator.pendingMigrations(in: connection) == PostgresMigrator.embedded)
    let applied = try migrator.migrate(connection, at: Date(timeIntervalSince1970: 1_800_000_000))
    #expect(applied == PostgresMigrator.embedded)
    #expect(try migrator.currentVersion(of: connection) == migrator.newestVersion)
    let recorded = try migrator.appliedMigrations(in: connection)
    #expect(recorded.map(\.identifier) == PostgresMigrator.embedded.map(\.identifier))
    #expect(recorded.allSatisfy { $0.appliedAt == Date(timeIntervalSince1970: 1_800_000_000) })
    #expect(try migrator.migrate(connection).isEmpty)
    #expect(try migrator.appliedMigrations(in: connection) == recorded)
  }

  @Test("a schema newer than this program is refused before anything is written")
  func newerSchemaIsRefused() throws {
    let (_, connection) = try connect()
    let migrator = PostgresMigrator()
    try migrator.migrate(connection)
    try connection.execute(
      "INSERT INTO schema_migrations (version, identifier, applied_at) VALUES (99, '0099_x', 0)")
    let before = try migrator.appliedMigrations(in: connection)
    #expect(throws: PostgresError.schemaTooNew(found: 99, newestKnown: migrator.newestVersion)) {
      try migrator.migrate(connection)
    }
    #expect(try migrator.appliedMigrations(in: connection) == before)
  }

  @Test("a failing migration rolls back alone; the ones before it stay applied")
  func failureRollsBackAlone() throws {
    let (_, connection) = try connect()
    let migrator = PostgresMigrator(migrations: [
      Migration(identifier: "0001_first", version: 1, sql: "CREATE TABLE first (id bigint)"),
      Migration(
        identifier: "0002_broken", version: 2,
        sql: "CREATE TABLE second (id bigint); SELECT * FROM no_such_table"),
    ])
    let error = #expect(throws: PostgresError.self) { try migrator.migrate(connection) }
    guard case .migrationFailed(let identifier, let underlying)? = error else {
      Issue.record("expected migrationFailed, got \(String(describing: error))")
      return
    }
    #expect(identifier == "0002_broken")
    #expect(underlying.sqlState == "42P01")
    #expect(try migrator.appliedMigrations(in: connection).map(\.identifier) == ["0001_first"])
    let second = try connection.queryFirst("SELECT to_regclass('second') IS NULL AS absent") {
      row throws(PostgresError) in try row.decode(Bool.self, "absent")
    }
    #expect(second == true)
  }

  @Test("0007 gives the accounts there the name hash the adapter makes, and finds them by it")
  func nameHashesOfExistingAccounts() async throws {
    let (target, connection) = try connect()
    let earlier = PostgresMigrator(
      migrations: PostgresMigrator.embedded.filter { $0.version < 7 })
    try earlier.migrate(connection)
    // Names as an earlier release stored them, and some no username could be: the hash
    // must match the adapter's for any UTF-8.
    let names = ["ada", "b.o_b-1", "zoë", "名前", String(repeating: "x", count: 32)]
    for name in names {
      try connection.execute(
        """
        INSERT INTO users (username, password_hash, created_at, updated_at)
        VALUES (\(name), 'stored hash', 0, 0)
        """)
    }
    // More than one batch of the migrator's.
    try connection.execute(
      """
      INSERT INTO users (username, password_hash, created_at, updated_at)
      SELECT pg_catalog.format('bulk%s', i), 'stored hash', 0, 0
      FROM pg_catalog.generate_series(1, 2500) AS i
      """)
    let store = try PostgresAuthStore.open(target)
    #expect(
      try PostgresMigrator().currentVersion(of: connection) == PostgresMigrator().newestVersion)
    let key = try #require(
      try connection.queryFirst("SELECT key FROM secret_keys WHERE name = 'name_hash'") {
        row throws(PostgresError) in try row.decode([UInt8].self, "key")
      })
    let stored = try connection.query("SELECT username, name_hash FROM users") {
      row throws(PostgresError) in
      (try row.decode(String.self, "username"), try row.decode(String.self, "name_hash"))
    }
    #expect(stored.count == names.count + 2500)
    for (name, hash) in stored {
      #expect(hash == NameHash.lookupHex(of: name, key: key), "\(name)")
      #expect(hash.count == 64 && hash.allSatisfy(\.isHexDigit), "\(name)")
    }
    for name in ["ada", "b.o_b-1"] {
      let named = try username(name)
      let record = try await store.read { try $0.userRecord(named: named) }
      #expect(record?.user.username == name)
    }
    let nobody = try username("nobody")
    #expect(try await store.read { try $0.userRecord(named: nobody) } == nil)
  }

  @Test("processes migrating one schema at once are serialised: each migration runs once")
  func concurrentMigrators() async throws {
    let target = try TestPostgres.freshSchema()
    let applied = try await withThrowingTaskGroup(of: [String].self) { group in
      for _ in 0..<4 {
        group.addTask {
          let connection = try PostgresConnection.connect(target.connectionString, target: "t")
          return try PostgresMigrator().migrate(connection).map(\.identifier)
        }
      }
      return try await group.reduce(into: [String]()) { $0 += $1 }
    }
    #expect(applied.sorted() == PostgresMigrator.embedded.map(\.identifier).sorted())
  }
}

@Suite("PostgreSQL migration sets", .enabled(if: TestPostgres.shouldRun))
struct PostgresMigrationSetTests {
  @Test("a duplicate number, or a recorded name that differs, is refused before any write")
  func refusals() throws {
    let target = try TestPostgres.freshSchema()
    let connection = try PostgresConnection.connect(target.connectionString, target: "test")
    let duplicated = PostgresMigrator(migrations: RefusedMigrationSets.duplicateNumber)
    #expect(throws: MigrationSetError.duplicateNumber(1, files: ["0001_a.sql", "0001_b.sql"])) {
      try duplicated.migrate(connection)
    }
    #expect(try PostgresMigrator().currentVersion(of: connection) == 0)
    try PostgresMigrator(migrations: RefusedMigrationSets.recorded).migrate(connection)
    let renamed = PostgresMigrator(migrations: RefusedMigrationSets.renamed)
    #expect(
      throws: MigrationSetError.recordedDiffers(recorded: "0001_first", known: "0001_other")
    ) { try renamed.migrate(connection) }
    #expect(try PostgresMigrator().currentVersion(of: connection) == 1)
  }
}
