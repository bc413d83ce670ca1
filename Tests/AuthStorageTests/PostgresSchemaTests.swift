import AuthDatabase
import AuthStorage
import Foundation
import PostgresTestSupport
import Testing

@testable import AuthPostgres

/// The PostgreSQL schema check: the recorded digests match what the migrations create, and
/// every object kind that changes what a statement does is found and named.
@Suite("PostgreSQL schema check", .enabled(if: TestPostgres.shouldRun))
struct PostgresSchemaTests {
  private func migrated() throws -> PostgresConnection {
    let target = try TestPostgres.freshSchema()
    let connection = try PostgresConnection.connect(target.connectionString, target: "test")
    try PostgresMigrator().migrate(connection)
    return connection
  }

  @Test func theRecordHoldsExactlyTheSchemaOfEachPrefixOfTheMigrations() throws {
    let all = PostgresMigrator().migrations
    var wanted: [String: String] = [:]
    var lines: [String] = []
    for newest in all {
      let target = try TestPostgres.freshSchema()
      let connection = try PostgresConnection.connect(target.connectionString, target: "test")
      let prefix = PostgresMigrator(migrations: all.filter { $0.version <= newest.version })
      try prefix.migrate(connection, at: Date(timeIntervalSince1970: 0))
      let migrations = try #require(prefix.migrationsDigest(upTo: newest.version))
      let schema = try #require(
        PostgresSchema.digest(of: try PostgresSchema.objects(in: connection)))
      wanted[migrations] = schema
      lines.append("    // \(newest.identifier)\n    \"\(migrations)\":\n      \"\(schema)\",")
    }
    #expect(
      PostgresKnownSchemas.schemaDigests == wanted,
      "Put these lines in PostgresKnownSchemas.schemaDigests:\n\(lines.joined(separator: "\n"))")
    #expect(wanted.count == PostgresMigrator().newestVersion)
  }

  @Test func theExpectedSchemaBuiltInATemporarySchemaIsTheMigratedOne() throws {
    let connection = try migrated()
    let migrator = PostgresMigrator()
    let expected = try migrator.expectedObjects(atVersion: migrator.newestVersion, in: connection)
    #expect(expected == (try PostgresSchema.objects(in: connection)))
    #expect(
      expected.contains { $0.kind == "index" && $0.name.hasPrefix("device_cookies_by_expiry") })
    #expect(try migrator.schemaDifferences(in: connection).isEmpty)
    // Nothing of the scratch schema is left behind.
    #expect(
      try connection.queryFirst(
        "SELECT pg_catalog.to_regclass('pg_temp.users') IS NULL AS absent"
      ) { row throws(PostgresError) in try row.decode(Bool.self, "absent") } == true)
  }

  @Test(
    "each object kind that changes a statement is refused by name",
    arguments: [
      (
        """
        CREATE FUNCTION keep() RETURNS trigger LANGUAGE plpgsql AS 'BEGIN RETURN NULL; END';
        CREATE TRIGGER keep_sessions AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION keep()
        """, ["extra function keep()", "extra trigger keep_sessions on sessions"]
      ),
      (
        "CREATE RULE no_delete AS ON DELETE TO sessions DO INSTEAD NOTHING",
        ["extra rule no_delete on sessions"]
      ),
      (
        "ALTER TABLE users ENABLE ROW LEVEL SECURITY; CREATE POLICY hide ON users USING (false)",
        ["extra policy hide on users", "altered table users"]
      ),
      (
        "CREATE VIEW everyone AS SELECT username FROM users",
        ["extra view everyone", "extra column everyone.username"]
      ),
      (
        "ALTER TABLE sessions ALTER COLUMN expires_at SET DEFAULT 9223372036854775807",
        ["altered column sessions.expires_at"]
      ),
      (
        "CREATE FUNCTION hashtext(name) RETURNS integer LANGUAGE sql AS 'SELECT 1'",
        ["extra function hashtext(name)"]
      ),
      (
        "DROP INDEX device_cookies_by_expiry",
        ["missing index device_cookies_by_expiry on device_cookies"]
      ),
      ("CREATE SEQUENCE counter", ["extra sequence counter"]),
      (
        "ALTER TABLE users DROP CONSTRAINT users_username_key",
        [
          "missing constraint users_username_key on users",
          "missing index users_username_key on users",
        ]
      ),
    ])
  func plantedObjectsAreNamed(sql: String, named: [String]) throws {
    let connection = try migrated()
    try connection.executeScript(sql)
    let differences = try PostgresMigrator().schemaDifferences(in: connection)
    #expect(Set(differences) == Set(named))
    #expect(
      throws: PostgresError.unexpectedSchema(schema: connection.schema, differences: differences)
    ) {
      try PostgresMigrator().verifySchema(connection)
    }
  }

  @Test func changedMigrationsFindNoRecordAndAreJudgedTheSlowWay() throws {
    let migrator = changedCopy(
      of: PostgresMigrator(), PostgresMigrator.init(migrations:),
      unknownTo: PostgresKnownSchemas.digest(ofSchemaCreatedBy:))
    let target = try TestPostgres.freshSchema()
    let connection = try PostgresConnection.connect(target.connectionString, target: "test")
    try migrator.migrate(connection)
    #expect(try migrator.verifySchema(connection) == migrator.newestVersion)
  }

  @Test func theSearchPathIsPinnedToTheSchemaAloneAndAgainAfterAReconnect() throws {
    let target = try TestPostgres.freshSchema()
    let connection = try PostgresConnection.connect(target.connectionString, target: "test")
    let path = { () throws(PostgresError) in
      try connection.queryFirst("SELECT pg_catalog.current_setting('search_path') AS path") {
        row throws(PostgresError) in try row.decode(String.self, "path")
      }
    }
    #expect(try path() == "\(connection.schema), pg_temp")
    #expect(connection.schema.hasPrefix("t_"))
  }

  @Test func preparedStatementsArePreparedOnceUnderThePinnedPath() throws {
    let target = try TestPostgres.freshSchema()
    let connection = try PostgresConnection.connect(
      target.connectionString, target: "test", statements: .prepared)
    try PostgresMigrator().migrate(connection)
    let path = { () throws(PostgresError) in
      try connection.queryFirst("SELECT pg_catalog.current_setting('search_path') AS path") {
        row throws(PostgresError) in try row.decode(String.self, "path")
      }
    }
    let count = { () throws(PostgresError) in
      try connection.queryFirst(
        "SELECT pg_catalog.count(*) AS count FROM pg_catalog.pg_prepared_statements"
      ) { row throws(PostgresError) in try row.decode(Int64.self, "count") }
    }
    #expect(try path() == "\(connection.schema), pg_temp")
    let before = try count()
    #expect(try path() == "\(connection.schema), pg_temp")
    try connection.begin()
    #expect(try path() == "\(connection.schema), pg_temp")
    try connection.executeScript("COMMIT")
    #expect(try count() == before)
    #expect((before ?? 0) > 0)
  }
}
