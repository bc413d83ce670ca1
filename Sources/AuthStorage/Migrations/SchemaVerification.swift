#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One row of `sqlite_schema`: a table, index, trigger or view as SQLite records it.
struct SchemaObject: Hashable, Sendable {
  /// `table`, `index`, `trigger` or `view`.
  let type: String
  /// The object's name.
  let name: String
  /// The table it belongs to (its own name for a table).
  let tableName: String
  /// The statement that created it, as SQLite keeps it; `nil` for automatic indexes.
  let sql: String?

  /// Every object in the main schema of `database`.
  static func all(in database: SQLiteDatabase) throws -> Set<SchemaObject> {
    Set(
      try database.query("SELECT type, name, tbl_name, sql FROM sqlite_schema") {
        row throws(SQLiteError) in
        SchemaObject(
          type: try row.decode(String.self, "type"), name: try row.decode(String.self, "name"),
          tableName: try row.decode(String.self, "tbl_name"),
          sql: try row.decode(String?.self, "sql"))
      })
  }

  /// How `inspect` names an app's object: its type and name, and its table when it has one.
  var otherObjectName: String {
    type == "table" || type == "view" || tableName == name
      ? "\(type) \(name)" : "\(type) \(name) on \(tableName)"
  }
}

extension SQLiteMigrator {
  /// What differs between authcli's objects in `database` and exactly what the migrations
  /// it records (by `user_version`) create, and what is attached to them, one entry per
  /// object, for example `extra trigger keep_sessions` or `altered table sessions`; empty
  /// when they match. An app's own objects (`otherObjects(in:)`) are no difference.
  ///
  /// The expected schema is built by running those migrations on a private in-memory
  /// database, so it is right by construction for every migration there will be.
  /// Reads only. `trusted_schema=OFF` keeps a planted object from calling unsafe
  /// functions, but not from inserting or deleting rows, hence this check.
  public func schemaDifferences(in database: SQLiteDatabase) throws -> [String] {
    try schemaDifferences(in: database, atVersion: try database.userVersion())
  }

  /// What differs between the schema of `database` and what the migrations up to `version`
  /// create, whatever `user_version` the file carries (adoption judges a copy whose header
  /// lost it).
  func schemaDifferences(in database: SQLiteDatabase, atVersion version: Int) throws -> [String] {
    try schemaDifferences(
      found: try SchemaObject.all(in: database), atVersion: version, in: database)
  }

  private func schemaDifferences(
    found: Set<SchemaObject>, atVersion version: Int, in database: SQLiteDatabase
  ) throws -> [String] {
    let expected = try expectedSchema(atVersion: version)
    let ownTables = Set(expected.filter { $0.type == "table" }.map(\.name))
    return judge(found: found, expected: expected).differences
      + (try cascadeTriggerDifferences(found: found, ownTables: ownTables, in: database))
  }

  /// authcli's own objects must be exactly what the migrations create, and nothing may
  /// attach to them (a trigger or an index on one of its tables, an object under one of its
  /// names); everything else is an app's own (its tables beside authcli's, their indexes,
  /// views and triggers) and is listed apart. SQLite has one namespace per schema, so a
  /// view or table cannot share a name with authcli's tables: such an object replaced one,
  /// and shows as altered.
  private func judge(
    found: Set<SchemaObject>, expected: Set<SchemaObject>
  ) -> (differences: [String], others: [String]) {
    var differences: [String] = []
    var others: [String] = []
    let expectedByName = Dictionary(expected.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let foundByName = Dictionary(found.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
    let ownTables = Set(expected.filter { $0.type == "table" }.map(\.name))
    for object in found.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) }) {
      if let wanted = expectedByName[object.name] {
        if wanted != object { differences.append("altered \(object.type) \(object.name)") }
      } else if ownTables.contains(object.tableName) {
        differences.append("extra \(object.type) \(object.name)")
      } else if object.sql != nil {
        // An automatic index (a UNIQUE constraint's) belongs to its table; not listed.
        others.append(object.otherObjectName)
      }
    }
    for object in expected.sorted(by: { ($0.type, $0.name) < ($1.type, $1.name) })
    where foundByName[object.name] == nil {
      differences.append("missing \(object.type) \(object.name)")
    }
    return (differences, others)
  }

  /// The objects in `database` that are neither authcli's nor attached to them (an app's
  /// tables, indexes, views and triggers beside authcli's), each as `table profiles` or
  /// `index profiles_by_email on profiles`; empty when there are none. Reads only.
  public func otherObjects(in database: SQLiteDatabase) throws -> [String] {
    let found = try SchemaObject.all(in: database)
    let version = try database.userVersion()
    let tables: Set<String>
    let others: [String]
    if let known = knownTables(matching: found, atVersion: version) {
      tables = known
      others = found.subtracting(SchemaObject.belonging(to: tables, in: found))
        .filter { $0.sql != nil }
        .sorted { ($0.type, $0.name) < ($1.type, $1.name) }.map(\.otherObjectName)
    } else {
      let expected = try expectedSchema(atVersion: version)
      tables = Set(expected.filter { $0.type == "table" }.map(\.name))
      others = judge(found: found, expected: expected).others
    }
    // A trigger that authcli's statements fire is a difference, not the app's own.
    let refused = Set(
      try cascadeTriggers(found: found, ownTables: tables, in: database).map {
        $0.trigger.otherObjectName
      })
    return others.filter { !refused.contains($0) }
  }

  /// Refuses a database whose own objects are not exactly what its migrations create, or
  /// that holds anything attached to them, or a trigger that their statements fire through
  /// an app's cascading key (`SQLiteError.unexpectedSchema`, naming each object); an app's
  /// own objects beside them are accepted. Nothing is written.
  ///
  /// A schema whose digest is the one `SQLiteKnownSchemas` records for these migrations is
  /// accepted at once; anything else goes through the full comparison above, so a stale
  /// or missing record costs time, never correctness.
  public func verifySchema(of database: SQLiteDatabase) throws {
    let version = try database.userVersion()
    let found = try SchemaObject.all(in: database)
    let differences: [String]
    if let tables = knownTables(matching: found, atVersion: version) {
      differences = try cascadeTriggerDifferences(found: found, ownTables: tables, in: database)
    } else {
      differences = try schemaDifferences(found: found, atVersion: version, in: database)
    }
    if !differences.isEmpty {
      throw SQLiteError.unexpectedSchema(path: database.path, differences: differences)
    }
  }

  /// authcli's tables at `version`, when the part of `found` that belongs to them is exactly
  /// what `SQLiteKnownSchemas` records for the migrations up to `version` (so everything
  /// else is an app's, attached to none of them); `nil` when the record cannot tell.
  private func knownTables(
    matching found: Set<SchemaObject>, atVersion version: Int
  ) -> Set<String>? {
    guard let known = SQLiteKnownSchemas.digest(ofSchemaCreatedBy: migrationsDigest(upTo: version))
    else { return nil }
    if known == SchemaObject.digest(of: found) {
      return Set(found.filter { $0.type == "table" }.map(\.name))
    }
    guard let tables = SQLiteKnownSchemas.tableNames[known].map(Set.init),
      known == SchemaObject.digest(of: SchemaObject.belonging(to: tables, in: found))
    else { return nil }
    return tables
  }

  /// The objects that the migrations up to `version` create on an empty database.
  func expectedSchema(atVersion version: Int) throws -> Set<SchemaObject> {
    let applied = migrations.filter { $0.version <= version }
    guard !applied.isEmpty else { return [] }
    let scratch = try SQLiteDatabase.openInMemory()
    defer { scratch.close() }
    try SQLiteMigrator(migrations: applied).migrate(scratch, at: Date(timeIntervalSince1970: 0))
    return try SchemaObject.all(in: scratch)
  }
}
