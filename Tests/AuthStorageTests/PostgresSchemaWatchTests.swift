import AuthDatabase
import Foundation
import PostgresTestSupport
import Testing

@testable import AuthPostgres

/// A `TwoRoleDatabase` with the schema watch installed from `Migrations/postgres-watch.sql`
/// (unless asked not to): `owner` keeps authcli's tables in `public`, and `other` may create
/// objects in `public` too.
final class WatchedDatabase: TwoRoleDatabase {
  init(watched: Bool = true) throws {
    try super.init(prefix: "watched")
    if watched { try installSchemaWatch() }
  }

  /// The watch's count of DDL commands.
  func epoch() throws -> Int {
    try #require(try schemaWatchEpoch())
  }

  /// The epoch recorded for the owner's last full check of `public`, if any.
  func ownersCheckedEpoch() throws -> Int? {
    try checkedEpoch(of: owner)
  }

  /// What the watch says to `connection` about `public`.
  func reading(as connection: PostgresConnection) throws -> PostgresSchemaWatch.Reading {
    try PostgresSchemaWatch.reading(
      from: try #require(try connection.pipeline([PostgresSchemaWatch.reading("public")]).first)
        .get())
  }

  /// How the owner's next open judges the schema, on a new connection (a new server process).
  func ownersCheck(
    _ migrator: PostgresMigrator = PostgresMigrator()
  ) throws
    -> PostgresMigrator.SchemaCheck
  {
    try migrator.checkSchema(try connect(as: owner))
  }

}

/// The schema watch: an open skips the catalog description only while the watch, intact,
/// proves that no DDL ran since the role's last full check of the same migrations.
@Suite(
  "PostgreSQL schema watch",
  .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason)))
struct PostgresSchemaWatchTests {
  /// A trigger the other role plants on the owner's `sessions` (it was given TRIGGER there).
  static let plantedTrigger = """
    CREATE FUNCTION public.keep_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RETURN NULL; END $$;
    CREATE TRIGGER keep_sessions AFTER DELETE ON public.sessions FOR EACH ROW
      EXECUTE FUNCTION public.keep_session()
    """

  /// A migrated store whose owner lets the other role add triggers to `sessions`.
  private func migratedStore(watched: Bool = true) throws -> WatchedDatabase {
    let database = try WatchedDatabase(watched: watched)
    let owner = try database.connect(as: database.owner)
    try PostgresMigrator().migrate(owner)
    try owner.executeScript("GRANT TRIGGER ON sessions TO \(database.other)")
    return database
  }

  @Test func theFileInstallsAWatchThatAuthcliTrusts() throws {
    let database = try WatchedDatabase()
    let reading = try database.reading(as: try database.connect(as: database.owner))
    #expect(reading.isTrusted)
    #expect(reading.isSameUser)
    #expect(reading.checkedEpoch == nil)
  }

  @Test func aFirstOpenDescribesAndRecordsAndTheNextSkipsTheDescription() throws {
    let database = try migratedStore()
    #expect(try database.ownersCheck() == .init(version: 13, described: true))
    #expect(try database.ownersCheckedEpoch() == (try database.epoch()))
    #expect(try database.ownersCheck() == .init(version: 13, described: false))
    #expect(try database.ownersCheck() == .init(version: 13, described: false))
  }

  @Test func withoutTheWatchEveryOpenDescribes() throws {
    let database = try migratedStore(watched: false)
    #expect(try database.ownersCheck() == .init(version: 13, described: true))
    #expect(try database.ownersCheck() == .init(version: 13, described: true))
  }

  @Test func dataChangesKeepTheEpochAndAMigrationMovesIt() throws {
    let all = PostgresMigrator().migrations
    let older = PostgresMigrator(migrations: all.filter { $0.version < 13 })
    let database = try WatchedDatabase()
    let owner = try database.connect(as: database.owner)
    try older.migrate(owner)
    #expect(try database.ownersCheck(older) == .init(version: 12, described: false))
    let before = try database.epoch()
    try owner.executeScript(
      """
      INSERT INTO auth_events (time, kind, username) VALUES (1, 'signed_up', 'ada');
      DELETE FROM auth_events
      """)
    #expect(try database.epoch() == before)
    #expect(try database.ownersCheck(older) == .init(version: 12, described: false))

    // This binary knows one migration more: its digest of 1–12 is the same, so the record
    // holds until it migrates; the migration moves the epoch, and the check after it records.
    #expect(try database.ownersCheck() == .init(version: 12, described: false))
    #expect(try PostgresMigrator().migrate(try database.connect(as: database.owner)).count == 1)
    #expect(try database.epoch() > before)
    #expect(try database.ownersCheckedEpoch() == (try database.epoch()))
    #expect(try database.ownersCheck() == .init(version: 13, described: false))
  }

  @Test(
    "after an open that skipped the description, what another role plants is refused by name",
    arguments: [
      (plantedTrigger, "extra trigger keep_sessions on sessions"),
      (
        """
        CREATE FUNCTION public.hashtext(name) RETURNS integer LANGUAGE sql AS 'SELECT 1'
        """,
        "extra function hashtext(name)"
      ),
    ])
  func plantedObjectsAreRefused(plant: String, named: String) throws {
    let database = try migratedStore()
    #expect(try database.ownersCheck().described)
    #expect(try !database.ownersCheck().described)
    try database.connect(as: database.other).executeScript(plant)
    let refused = try Self.refusal(of: database)
    #expect(refused.contains(named), "\(refused)")
    #expect(refused.contains { $0.hasSuffix("owned by role \(database.other)") })
  }

  /// What the owner's next open names when it refuses the schema; fails the test if it opens.
  static func refusal(of database: WatchedDatabase) throws -> [String] {
    do {
      let check = try database.ownersCheck()
      Issue.record("the schema was accepted: \(check)")
      return []
    } catch PostgresError.unexpectedSchema(_, let differences) {
      return differences
    }
  }

  @Test(
    "a watch that was disabled, changed or opened to writes is not trusted",
    arguments: [
      "ALTER EVENT TRIGGER authcli_watch DISABLE",
      "ALTER EVENT TRIGGER authcli_watch ENABLE",
      """
      CREATE OR REPLACE FUNCTION authcli_watch.note_change() RETURNS event_trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp
      AS $$BEGIN NULL; END$$
      """,
      "GRANT UPDATE ON authcli_watch.changes TO PUBLIC",
      "GRANT UPDATE (epoch) ON authcli_watch.changes TO PUBLIC",
      "GRANT INSERT ON authcli_watch.checks TO PUBLIC",
      "GRANT CREATE ON SCHEMA authcli_watch TO PUBLIC",
      "ALTER TABLE authcli_watch.changes OWNER TO {owner}",
      "ALTER FUNCTION authcli_watch.record_check(oid, text, bigint) OWNER TO {owner}",
    ])
  func aTamperedWatchIsNotTrusted(tamper: String) throws {
    let database = try migratedStore()
    #expect(try database.ownersCheck().described)
    #expect(try !database.ownersCheck().described)
    let superuser = try database.connect(as: nil)
    try superuser.executeScript(tamper.replacingOccurrences(of: "{owner}", with: database.owner))
    // A trigger planted, and the count put back to the owner's last check, as a role that
    // can write it would: only the watch's being judged broken stands in the way.
    try database.connect(as: database.other).executeScript(Self.plantedTrigger)
    let checked = try #require(try database.ownersCheckedEpoch())
    try superuser.execute("UPDATE authcli_watch.changes SET epoch = \(checked)")
    let refused = try Self.refusal(of: database)
    #expect(refused.contains("extra trigger keep_sessions on sessions"), "\(refused)")
  }

  @Test(
    "a change to the watch undone since leaves every record stale",
    arguments: [
      (
        "ALTER EVENT TRIGGER authcli_watch DISABLE",
        "ALTER EVENT TRIGGER authcli_watch ENABLE ALWAYS"
      ),
      (
        "GRANT UPDATE ON authcli_watch.changes TO PUBLIC",
        "REVOKE UPDATE ON authcli_watch.changes FROM PUBLIC"
      ),
      (
        "GRANT UPDATE (epoch) ON authcli_watch.changes TO PUBLIC",
        "REVOKE UPDATE (epoch) ON authcli_watch.changes FROM PUBLIC"
      ),
    ])
  func aChangeUndoneLeavesTheRecordsStale(change: String, undo: String) throws {
    let database = try migratedStore()
    #expect(try database.ownersCheck().described)
    let superuser = try database.connect(as: nil)
    try superuser.executeScript(change)
    try database.connect(as: database.other).executeScript(Self.plantedTrigger)
    try superuser.executeScript(undo)
    // The count put back to the owner's last check, as a role could while it could write it.
    let checked = try #require(try database.ownersCheckedEpoch())
    try superuser.execute("UPDATE authcli_watch.changes SET epoch = \(checked)")
    #expect(try database.reading(as: try database.connect(as: database.owner)).isTrusted)
    let refused = try Self.refusal(of: database)
    #expect(refused.contains("extra trigger keep_sessions on sessions"), "\(refused)")
  }

  @Test func anotherRoleCannotRecordACheckForTheOwner() throws {
    let database = try migratedStore()
    #expect(try database.ownersCheck().described)
    let other = try database.connect(as: database.other)
    try other.executeScript(Self.plantedTrigger)
    let migrations = try #require(PostgresMigrator().migrationsDigest(upTo: 13))
    // Its own call records a check for itself alone; its writes to the table are refused.
    let reading = try database.reading(as: other)
    try PostgresSchemaWatch.record(
      other, migrations: reading.checked(migrations: migrations), epoch: reading.epoch)
    #expect(throws: PostgresError.self) {
      try other.executeScript("UPDATE authcli_watch.checks SET epoch = epoch + 1")
    }
    #expect(throws: PostgresError.self) {
      try other.executeScript("UPDATE authcli_watch.changes SET epoch = epoch - 1")
    }
    #expect(try database.ownersCheckedEpoch() != (try database.epoch()))
    #expect(throws: PostgresError.self) { try database.ownersCheck() }
  }

  @Test func aRecordForOtherMigrationsIsNotUsed() throws {
    let database = try migratedStore()
    let owner = try database.connect(as: database.owner)
    let older = try #require(PostgresMigrator().migrationsDigest(upTo: 12))
    let reading = try database.reading(as: owner)
    try PostgresSchemaWatch.record(
      owner, migrations: reading.checked(migrations: older), epoch: reading.epoch)
    #expect(try database.ownersCheckedEpoch() == (try database.epoch()))
    #expect(try database.ownersCheck().described)
    #expect(try !database.ownersCheck().described)
  }

  @Test func aReadOnlyServerChecksInFullAndRecordsNothing() throws {
    let database = try migratedStore()
    // As on a standby: every transaction of the owner's sessions is read-only (25006).
    try database.connect(as: nil).executeScript(
      "ALTER ROLE \(database.owner) SET default_transaction_read_only = on")
    #expect(try database.ownersCheck().described)
    #expect(try database.ownersCheck().described)
    #expect(try database.ownersCheckedEpoch() != (try database.epoch()))
  }

  @Test func aSessionThatChangedRoleNeitherSkipsNorRecords() throws {
    let database = try migratedStore()
    try database.connect(as: nil).executeScript("GRANT \(database.owner) TO \(database.other)")
    let other = try database.connect(as: database.other)
    try other.executeScript("SET ROLE \(database.owner)")
    #expect(try PostgresMigrator().checkSchema(other).described)
    #expect(try PostgresMigrator().checkSchema(other).described)
    let records = try database.connect(as: nil).queryFirst(
      """
      SELECT pg_catalog.count(*) AS count FROM authcli_watch.checks
      WHERE role = \(database.other)::regrole
      """
    ) { row throws(PostgresError) in try row.decode(Int.self, "count") }
    #expect(records == 0)
  }
}
