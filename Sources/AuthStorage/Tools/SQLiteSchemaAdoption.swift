#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Why a database was not adopted; it was left as it was.
public enum AdoptionError: Error, Hashable, Sendable, CustomStringConvertible {
  /// No `schema_migrations` rows: nothing says which migrations made this schema.
  case noRecordedMigrations
  /// The recorded migrations are not the first ones this program knows, in order.
  case unknownMigrations([String])
  /// The schema differs from what the recorded migrations create; names what differs.
  case schemaMismatch([String])
  /// The file already carries a schema version that disagrees with its records.
  case versionMismatch(found: Int, recorded: Int)
  /// The integrity or foreign-key check found problems.
  case damaged([String])

  /// One line for people.
  public var description: String {
    switch self {
    case .noRecordedMigrations:
      "the database records no migrations (no schema_migrations rows); it is not an authcli copy"
    case .unknownMigrations(let identifiers):
      "the recorded migrations are not ones this program knows, in order: "
        + identifiers.joined(separator: ", ")
    case .schemaMismatch(let differences):
      "the schema is not exactly what the recorded migrations create: "
        + differences.prefix(5).joined(separator: "; ")
    case .versionMismatch(let found, let recorded):
      "the schema version is \(found) but the records say \(recorded)"
    case .damaged(let problems):
      "the database fails its checks: " + problems.prefix(3).joined(separator: "; ")
    }
  }
}

/// Makes a copy restored from `sqlite3 DB .dump | sqlite3 NEW` an authcli database again.
///
/// A dump carries every table, index, trigger and row, `schema_migrations` included, but
/// not the file header, so `user_version` (which the migrator and the open checks read)
/// and the application id are 0. Adoption rebuilds the recorded migrations in memory and
/// compares every schema object (type, name, table and SQL text) with the copy's; only an
/// exact match, a clean integrity check and a clean foreign-key check let it set the
/// version and the id, in one transaction. Anything else is refused and nothing written.
public struct SQLiteSchemaAdoption: Sendable {
  /// The migrations a copy is compared with.
  public let migrator: SQLiteMigrator

  /// Adoption against the given migrations (the embedded ones by default).
  public init(migrator: SQLiteMigrator = SQLiteMigrator()) {
    self.migrator = migrator
  }

  /// Checks `database` and answers the schema version adoption would give it; writes
  /// nothing. Give it a writable connection that writes nothing (`SQLiteOpenOptions.writesNothing`):
  /// on a read-only one SQLite's integrity check skips the CHECK constraints, so a copy
  /// that breaks one would pass here and be refused only by `adopt`, after the file changed.
  public func check(_ database: SQLiteDatabase) throws -> Int {
    let recorded = try SQLiteMigrator.appliedMigrations(in: database).map(\.identifier)
    guard !recorded.isEmpty else { throw AdoptionError.noRecordedMigrations }
    let known = migrator.migrations.prefix(recorded.count)
    guard known.map(\.identifier) == recorded.sorted() else {
      throw AdoptionError.unknownMigrations(recorded)
    }
    let version = known.last?.version ?? 0
    let found = try database.userVersion()
    if found != 0, found != version {
      throw AdoptionError.versionMismatch(found: found, recorded: version)
    }
    let differences = try SQLiteMigrator(migrations: Array(known)).schemaDifferences(
      in: database, atVersion: version)
    guard differences.isEmpty else { throw AdoptionError.schemaMismatch(differences) }
    let integrity = try database.query("PRAGMA integrity_check") { row throws(SQLiteError) in
      try row.decode(String.self, "integrity_check")
    }
    let brokenKeys = try database.query("PRAGMA foreign_key_check") { row throws(SQLiteError) in
      "foreign key broken in \(try row.decode(String.self, "table"))"
    }
    let problems = integrity.filter { $0 != "ok" } + brokenKeys
    guard problems.isEmpty else { throw AdoptionError.damaged(problems) }
    return version
  }

  /// Checks `database` again under the write lock and sets its schema version and
  /// application id; answers that version. Run `check` on a connection that writes nothing
  /// first where a refusal must leave the file's bytes alone (a writable open switches it
  /// to WAL).
  @discardableResult
  public func adopt(_ database: SQLiteDatabase) throws -> Int {
    try database.begin(.immediate)
    do {
      let version = try check(database)
      try database.executeScript(
        "PRAGMA user_version = \(version); PRAGMA application_id = \(SQLiteDatabase.applicationID);"
      )
      try database.commit()
      return version
    } catch {
      database.rollbackQuietly()
      throw error
    }
  }
}
