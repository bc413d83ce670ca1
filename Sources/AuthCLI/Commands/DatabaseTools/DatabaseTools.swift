import AuthDatabase

/// What the database tools do to a database, whichever engine keeps it.
///
/// Each engine implements it once (`SQLiteDatabaseTools`, `PostgresDatabaseTools`), the
/// composition root picks one from the location (`CompositionRoot.databaseTools(for:)`),
/// and the commands call only this. Nothing here creates a database except `migrate`.
@MainActor
protocol DatabaseTools {
  /// Applies the pending migrations, creating the database when missing.
  func migrate() throws -> MigrationOutcome
  /// The applied and pending migrations; writes nothing.
  func migrationStatus() throws -> MigrationStatus
  /// Checks a copy restored from a dump against its recorded migrations, gives it its
  /// schema version, and applies the newer migrations; refused where dumps are not files.
  /// The command refuses `:memory:` first, with its own usage error.
  func adopt() throws -> AdoptionOutcome
  /// A consistent, checked copy in a new private file at `path` (absolute); refused where
  /// the database is not a file. The command refuses `:memory:` first, as for `adopt`.
  func backup(to path: String) throws -> BackupReport
  /// Every account with its last sign-in and active sessions, never a hash; refuses a
  /// schema that needs migrating.
  func users() throws -> [UserDirectoryEntry]
  /// Everything the engine can tell about the database, never creating or writing.
  func inspect() throws -> Inspection
}

/// What `migrate` did.
struct MigrationOutcome {
  /// The migrations applied now, in order (none when up to date).
  let applied: [Migration]
  /// The schema version reached.
  let schemaVersion: Int
}

/// What `migrate --adopt` did.
struct AdoptionOutcome {
  /// The schema version the adopted copy's records give it.
  let adoptedVersion: Int
  /// The migrations applied after adopting, in order.
  let applied: [Migration]
  /// The schema version reached.
  let schemaVersion: Int
}

/// What `migrate status` shows.
struct MigrationStatus {
  /// The migrations recorded, oldest first.
  let applied: [AppliedMigration]
  /// The identifiers of the known migrations not applied yet.
  let pending: [String]
  /// The database's schema version.
  let schemaVersion: Int
  /// The newest version this program knows.
  let newestKnownVersion: Int
}

/// What `inspect` reports, whichever the engine: the schema and its migrations, the tables
/// and sessions, and the engine's own facts around them.
struct Inspection {
  /// The migration and table facts both engines report.
  let schema: any SchemaReport
  /// The engine's own facts; the shared ones come from `schema`.
  let engineFacts: any InspectedEngine
  /// Why the database is not fit for use (65), raised once the report is printed.
  let problem: CLIError?
}
