import AuthDatabase
import Foundation
import Testing

@testable import AuthStorage

/// The recorded schema digests match what the built-in migrations really create, and the
/// fast path they allow accepts exactly that schema.
@Suite struct KnownSchemasTests {
  /// Migrations 1…N for every N, applied to an empty database, as the record's lines.
  private func createdSchemas() throws -> [(
    migrations: String, schema: String, last: String, tables: [String]
  )] {
    let all = SQLiteMigrator().migrations
    return try all.map { newest in
      let prefix = SQLiteMigrator(migrations: all.filter { $0.version <= newest.version })
      let scratch = try SQLiteDatabase.openInMemory()
      defer { scratch.close() }
      try prefix.migrate(scratch, at: Date(timeIntervalSince1970: 0))
      let migrations = try #require(prefix.migrationsDigest(upTo: newest.version))
      let objects = try SchemaObject.all(in: scratch)
      let schema = try #require(SchemaObject.digest(of: objects))
      let tables = objects.filter { $0.type == "table" }.map(\.name).sorted()
      return (migrations, schema, newest.identifier, tables)
    }
  }

  @Test func theRecordHoldsExactlyTheSchemaOfEachPrefixOfTheMigrations() throws {
    let created = try createdSchemas()
    let wanted = Dictionary(uniqueKeysWithValues: created.map { ($0.migrations, $0.schema) })
    let lines = created.map {
      "    // \($0.last)\n    \"\($0.migrations)\":\n      \"\($0.schema)\","
    }
    #expect(
      SQLiteKnownSchemas.schemaDigests == wanted,
      "Put these lines in SQLiteKnownSchemas.schemaDigests:\n\(lines.joined(separator: "\n"))")
    #expect(created.count == SQLiteMigrator().newestVersion)
    let wantedTables = Dictionary(
      created.map { ($0.schema, $0.tables) }, uniquingKeysWith: { first, _ in first })
    var seen = Set<String>()
    let tableLines = created.filter { seen.insert($0.schema).inserted }.map {
      "    // \($0.last)\n    \"\($0.schema)\": [\n"
        + $0.tables.map { "      \"\($0)\"," }.joined(separator: "\n") + "\n    ],"
    }
    #expect(
      SQLiteKnownSchemas.tableNames == wantedTables,
      "Put these lines in SQLiteKnownSchemas.tableNames:\n\(tableLines.joined(separator: "\n"))")
  }

  @Test func anAppsObjectsBesideAuthclisPassTheFastPathAndAreListed() throws {
    let database = try SQLiteDatabase.openInMemory()
    defer { database.close() }
    try SQLiteMigrator().migrate(database)
    try database.executeScript(
      """
      CREATE TABLE notes (user_id INTEGER REFERENCES users (id), body TEXT UNIQUE);
      CREATE INDEX notes_by_user ON notes (user_id);
      """)
    let migrator = SQLiteMigrator()
    let found = try SchemaObject.all(in: database)
    let known = try #require(
      SQLiteKnownSchemas.digest(
        ofSchemaCreatedBy: migrator.migrationsDigest(upTo: migrator.newestVersion)))
    let tables = try #require(SQLiteKnownSchemas.tableNames[known])
    #expect(!Set(tables).contains("notes"))
    #expect(SchemaObject.digest(of: SchemaObject.belonging(to: Set(tables), in: found)) == known)
    try migrator.verifySchema(of: database)
    #expect(
      try migrator.otherObjects(in: database) == ["index notes_by_user on notes", "table notes"])
  }

  @Test func aPlantedTriggerChangesTheDigestAndIsStillNamed() throws {
    let database = try SQLiteDatabase.openInMemory()
    defer { database.close() }
    try SQLiteMigrator().migrate(database)
    let clean = SchemaObject.digest(of: try SchemaObject.all(in: database))
    try database.executeScript(
      "CREATE TRIGGER keep_sessions AFTER DELETE ON sessions BEGIN SELECT 1; END;")
    #expect(SchemaObject.digest(of: try SchemaObject.all(in: database)) != clean)
    #expect(throws: SQLiteError.self) { try SQLiteMigrator().verifySchema(of: database) }
    #expect(try SQLiteMigrator().schemaDifferences(in: database) == ["extra trigger keep_sessions"])
  }

  @Test func changedMigrationsFindNoRecordAndAreJudgedTheSlowWay() throws {
    let migrator = changedCopy(
      of: SQLiteMigrator(), SQLiteMigrator.init(migrations:),
      unknownTo: SQLiteKnownSchemas.digest(ofSchemaCreatedBy:))
    let database = try SQLiteDatabase.openInMemory()
    defer { database.close() }
    try migrator.migrate(database)
    try migrator.verifySchema(of: database)
  }

  @Test func fieldsCannotRunIntoEachOther() {
    var joined = FieldDigest()
    joined.add("ab")
    joined.add("c")
    var split = FieldDigest()
    split.add("a")
    split.add("bc")
    var absent = FieldDigest()
    absent.add(nil)
    var empty = FieldDigest()
    empty.add("")
    #expect(joined.hex() != split.hex())
    #expect(absent.hex() != empty.hex())
    #expect(joined.hex()?.count == 64)
  }
}
