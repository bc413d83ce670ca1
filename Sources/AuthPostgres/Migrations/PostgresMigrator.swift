import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Brings a PostgreSQL schema up to date, one migration per transaction.
///
/// Every migration runs in its own transaction together with its row in
/// `schema_migrations`, after taking a transaction-scoped advisory lock for the schema
/// (`pg_advisory_xact_lock`), so two processes migrating at once are serialised and the
/// second finds the work done. A schema whose recorded version is newer than the newest
/// known migration is refused before anything is written; so is a record whose name
/// differs from the known migration with its number.
public struct PostgresMigrator: MigrationExecutor {
  /// The rules this migrator runs, and its migrations.
  public let plan: MigrationPlan

  /// A migrator for the given migrations.
  public init(migrations: [Migration]) {
    plan = MigrationPlan(migrations: migrations)
  }

  /// A migrator for the PostgreSQL migrations built into this binary.
  public init() {
    plan = Self.embeddedPlan
  }

  /// The plan of `Migrations/postgres/`, as the build embedded the files.
  static let embeddedPlan = MigrationPlan(embeddedFiles: EmbeddedMigrations.files)

  /// The migrations built into this binary from `Migrations/postgres/`, in version order
  /// (empty when the files break a rule, which `embeddedProblem` names).
  public static var embedded: [Migration] { embeddedPlan.migrations }

  /// The rule the embedded files break, if any (the build checks it first).
  public static var embeddedProblem: MigrationSetError? { embeddedPlan.problem }

  /// The embedded file names, named well or not (a test compares them with SQLite's).
  public static let embeddedFileNames: [String] = EmbeddedMigrations.files.map(\.name)

  /// The highest applied version; 0 before the first migration. Reads only.
  public func currentVersion(of connection: PostgresConnection) throws -> Int {
    try records(in: connection).last?.version ?? 0
  }

  /// The migrations recorded, oldest first. Reads only.
  public func appliedMigrations(
    in connection: PostgresConnection
  ) throws -> [AppliedMigration] {
    try records(in: connection).map(\.migration)
  }

  /// The migrations not yet applied, in order. Reads only.
  public func pendingMigrations(
    in connection: PostgresConnection
  ) throws -> [Migration] {
    try plan.requireValidSet()
    return try plan.pending(after: try currentVersion(of: connection))
  }

  /// Throws `schemaTooNew` when the schema is newer than this migrator knows. Reads only.
  public func refuseNewerSchema(_ connection: PostgresConnection) throws {
    let current = try currentVersion(of: connection)
    if current > newestVersion {
      throw PostgresError.schemaTooNew(found: current, newestKnown: newestVersion)
    }
  }

  /// Applies every pending migration and returns the ones applied (empty when up to date).
  ///
  /// The schema is checked first (`verifySchema`), so nothing runs in a schema holding
  /// objects the migrations do not create (a trigger would run inside a migration's
  /// UPDATE), and again after any migration was applied. An up-to-date schema costs one
  /// round trip: the catalog description and the records, in one pipeline.
  ///
  /// With `creatingTables` false a schema where nothing was ever migrated is refused
  /// (`PostgresError.notMigrated`) instead: commands that only use a store must not give
  /// authcli's tables to whatever schema the search path happens to find first.
  @discardableResult
  public func migrate(
    _ connection: PostgresConnection, at time: Date = Date(), creatingTables: Bool = true
  ) throws -> [Migration] {
    try plan.requireValidSet()
    let current = try verifySchemaOnceMigrationsSettle(connection)
    guard current < newestVersion else { return [] }
    if current == 0, !creatingTables, let first = migrations.first {
      throw PostgresError.notMigrated(schema: connection.schema, firstPending: first.identifier)
    }
    var applied: [Migration] = []
    for migration in migrations where try apply(migration, to: connection, at: time) {
      applied.append(migration)
    }
    if !applied.isEmpty { try verifySchema(connection) }
    return applied
  }

  /// `verifySchema`, judged once more after waiting for any migration in progress when the
  /// first look finds objects its records do not explain.
  ///
  /// Processes that open a new schema at once all migrate it, one migration per transaction
  /// under the schema's advisory lock; through a pooler, a process's reads have been seen to
  /// fall across another's commit (its objects without their records). A schema that is
  /// really wrong is refused by the second look as by the first.
  private func verifySchemaOnceMigrationsSettle(_ connection: PostgresConnection) throws -> Int {
    do {
      return try verifySchema(connection)
    } catch PostgresError.unexpectedSchema {
      try connection.begin()
      do {
        try connection.execute(Self.migrationLockSQL)
        try connection.executeScript("COMMIT")
      } catch {
        if connection.isOpen { try? connection.executeScript("ROLLBACK") }
        throw error
      }
      return try verifySchema(connection)
    }
  }

  /// Refuses a schema that is newer than this migrator knows (`schemaTooNew`), records
  /// migrations it does not know, or is not exactly what its recorded migrations create,
  /// every object owned by the connection's role (`PostgresError.unexpectedSchema`, naming
  /// each object); returns the schema's version. Reads only, but for the schema watch's
  /// record of a check that passed.
  ///
  /// A schema whose digest is the one `PostgresKnownSchemas` records for these migrations
  /// is accepted at once; anything else goes through the full comparison of
  /// `schemaDifferences`, so a missing record costs time, never correctness. Where a
  /// superuser installed the schema watch (`PostgresSchemaWatch`) and no DDL ran in the
  /// database since this role's last full check of these migrations, the description is
  /// not read at all.
  @discardableResult
  public func verifySchema(_ connection: PostgresConnection) throws -> Int {
    try checkSchema(connection).version
  }

  /// How `verifySchema` judged the schema: its version, and whether it read the catalog
  /// description (false only when the schema watch vouched for the last full check).
  struct SchemaCheck: Equatable {
    let version: Int
    let described: Bool
  }

  /// `verifySchema`, telling how it judged.
  ///
  /// Without a watch this is one round trip more than the description alone (the probe of
  /// `pg_event_trigger` by name). With an intact watch that vouches for the last full check,
  /// it is the probe and one light statement; otherwise the watch's epoch is read before
  /// the description, and recorded once the full check passed.
  func checkSchema(_ connection: PostgresConnection) throws -> SchemaCheck {
    try plan.requireValidSet()
    var watch: PostgresSchemaWatch.Reading?
    if try PostgresSchemaWatch.isInstalled(connection),
      let (records, reading) = try recordsAndWatch(in: connection)
    {
      let current = records.last?.version ?? 0
      if reading.vouches(forMigrations: migrationsDigest(upTo: current)) {
        try admit(records)
        return SchemaCheck(version: current, described: false)
      }
      watch = reading
    }
    let (records, found) = try recordsAndObjects(in: connection)
    let version = try verifySchema(connection, records: records, found: found)
    if let watch, watch.mayRecord, let migrations = migrationsDigest(upTo: version) {
      try PostgresSchemaWatch.record(
        connection, migrations: watch.checked(migrations: migrations), epoch: watch.epoch)
    }
    return SchemaCheck(version: version, described: true)
  }

  /// Refuses records newer than, or unknown to, this migrator.
  private func admit(_ records: [Record]) throws {
    try plan.admit(
      version: records.last?.version ?? 0, recorded: { records.map(\.migration.identifier) }
    ) {
      PostgresError.schemaTooNew(found: $0, newestKnown: $1)
    }
  }

  private func verifySchema(
    _ connection: PostgresConnection, records: [Record], found: [PostgresSchemaObject]
  ) throws -> Int {
    let current = records.last?.version ?? 0
    try admit(records)
    if PostgresSchema.ownerDifferences(found).isEmpty,
      let known = PostgresKnownSchemas.digest(ofSchemaCreatedBy: migrationsDigest(upTo: current)),
      known == PostgresSchema.digest(of: found)
    {
      return current
    }
    // The slow way, and in one snapshot: another process may have committed a migration
    // between the two reads above.
    let differences = try schemaDifferences(in: connection)
    if !differences.isEmpty {
      throw PostgresError.unexpectedSchema(schema: connection.schema, differences: differences)
    }
    return try currentVersion(of: connection)
  }

  /// What differs between the connection's schema and exactly what the migrations it
  /// records create, one entry per object (`extra trigger keep on sessions`, `altered
  /// column users.username`, `table users owned by role mallory`), and the records this
  /// binary does not know; empty when they match. Reads only.
  ///
  /// The expected schema is built by running those migrations in this session's temporary
  /// schema inside a transaction that is rolled back, so it is right by construction for
  /// every migration there will be and for the server's own way of writing definitions.
  public func schemaDifferences(in connection: PostgresConnection) throws -> [String] {
    try plan.requireValidSet()
    let (records, found) = try inSnapshot(connection) {
      (try self.records(in: connection), try PostgresSchema.objects(in: connection))
    }
    let known = Set(migrations.map(\.identifier))
    var differences = records.map(\.migration.identifier).filter { !known.contains($0) }.map {
      "migration \($0) is not one this program knows"
    }
    let version = records.last?.version ?? 0
    guard version <= newestVersion else { return differences }
    do {
      let expected = try expectedObjects(atVersion: version, in: connection)
      differences += PostgresSchema.differences(found: found, expected: expected)
    } catch let error as PostgresError where !error.isConnectionFailure {
      // Without a temporary schema (no TEMP privilege, a standby) only the digest can judge.
      if PostgresKnownSchemas.digest(ofSchemaCreatedBy: migrationsDigest(upTo: version))
        != PostgresSchema.digest(of: found)
      {
        differences.append(
          "the schema is not what migrations 1–\(version) create (cannot build it to compare: "
            + "\(error))")
      }
      differences += PostgresSchema.ownerDifferences(found)
    }
    return differences
  }

  /// The objects that the migrations up to `version` create in an empty schema, built in
  /// this session's temporary schema and rolled back.
  func expectedObjects(
    atVersion version: Int, in connection: PostgresConnection
  ) throws -> [PostgresSchemaObject] {
    let applied = migrations.filter { $0.version <= version }
    guard !applied.isEmpty else { return [] }
    try connection.begin()
    defer { if connection.isOpen { try? connection.executeScript("ROLLBACK") } }
    try connection.executeScript("SET LOCAL search_path = pg_temp")
    try connection.executeScript(Self.recordTableSQL)
    for migration in applied {
      try connection.executeScript(migration.sql)
      try Self.steps[migration.identifier]?(connection)
    }
    let scratch =
      try connection.queryFirst(
        "SELECT pg_catalog.current_schema()::text AS schema"
      ) { row throws(PostgresError) in try row.decode(String?.self, "schema") } ?? nil
    return try PostgresSchema.objects(in: connection, schema: scratch ?? "pg_temp")
  }

  private func inSnapshot<T>(
    _ connection: PostgresConnection, _ work: () throws -> T
  ) throws -> T {
    try connection.begin("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY")
    defer { if connection.isOpen { try? connection.executeScript("ROLLBACK") } }
    return try work()
  }

  /// Work a migration needs that its SQL cannot do, run in the migration's transaction
  /// right after its file (and so in the scratch schema too, where the tables are empty).
  static let steps: [String: @Sendable (PostgresConnection) throws -> Void] = [
    "0007_users_by_name_hash": fillNameHashes
  ]

  /// Gives each account its `name_hash` (HMAC-SHA-256 under the `name_hash` key, made by
  /// libsodium as the store makes it), a thousand rows a statement, then makes the column
  /// NOT NULL.
  static func fillNameHashes(_ connection: PostgresConnection) throws {
    let key = try connection.queryFirst(
      "SELECT key FROM secret_keys WHERE name = 'name_hash'"
    ) { row throws(PostgresError) in try row.decode([UInt8].self, "key") }
    guard let key else { throw PostgresError.unexpectedValue(column: "secret_keys.key") }
    let accounts = try connection.query("SELECT id, username FROM users WHERE name_hash IS NULL") {
      row throws(PostgresError) in
      (try row.decode(Int64.self, "id"), try row.decode(String.self, "username"))
    }
    var start = 0
    while start < accounts.count {
      let batch = accounts[start..<min(start + 1000, accounts.count)]
      var hashes: [String] = []
      for (_, username) in batch {
        guard let hash = NameHash.lookupHex(of: username, key: key) else {
          throw PostgresError.unexpectedValue(column: "secret_keys.key")
        }
        hashes.append(hash)
      }
      // Ids are digits and hashes hex digits, so the comma-separated lists need no quoting.
      let ids = batch.map { String($0.0) }.joined(separator: ",")
      let hashList = hashes.joined(separator: ",")
      try connection.execute(
        """
        UPDATE users AS u SET name_hash = v.hash
        FROM ROWS FROM (
          pg_catalog.unnest(pg_catalog.string_to_array(\(ids)::text, ','::text)::bigint[]),
          pg_catalog.unnest(pg_catalog.string_to_array(\(hashList)::text, ','::text)))
          AS v (id, hash)
        WHERE u.id = v.id
        """)
      start += batch.count
    }
    try connection.executeScript("ALTER TABLE users ALTER COLUMN name_hash SET NOT NULL")
  }

  /// The table that records applied migrations; made before the first migration runs.
  static let recordTableSQL = """
    CREATE TABLE IF NOT EXISTS schema_migrations (
      version    integer PRIMARY KEY CHECK (version > 0),
      identifier text    NOT NULL UNIQUE,
      applied_at bigint  NOT NULL
    )
    """

  private struct Record {
    let version: Int
    let migration: AppliedMigration
  }

  /// The schema's objects and the recorded migrations, in one round trip: the catalog
  /// description, then the records, in one pipeline (`PostgresConnection.pipeline`). Before
  /// the record table exists the second fails, and there are no records.
  private func recordsAndObjects(
    in connection: PostgresConnection
  ) throws -> ([Record], [PostgresSchemaObject]) {
    let schema = connection.schema
    let outcomes = try connection.pipeline([PostgresSchema.describe(schema), Self.recordsSQL])
    guard outcomes.count == 2 else {
      throw PostgresError.connectionLost(reason: connection.lastErrorMessage)
    }
    let found = try PostgresSchema.objects(of: schema, in: try outcomes[0].get())
    let hasRecordTable = found.contains { $0.kind == "table" && $0.name == "schema_migrations" }
    return (try records(from: outcomes[1], recordTableListed: hasRecordTable), found)
  }

  /// The recorded migrations and what the schema watch says, in one round trip; `nil` when
  /// the watch cannot be read (an event trigger of its name that is something else), which
  /// leaves the full check to judge.
  private func recordsAndWatch(
    in connection: PostgresConnection
  ) throws -> ([Record], PostgresSchemaWatch.Reading)? {
    let outcomes = try connection.pipeline([
      PostgresSchemaWatch.reading(connection.schema), Self.recordsSQL,
    ])
    guard outcomes.count == 2 else {
      throw PostgresError.connectionLost(reason: connection.lastErrorMessage)
    }
    let reading: PostgresSchemaWatch.Reading
    switch outcomes[0] {
    case .success(let result): reading = try PostgresSchemaWatch.reading(from: result)
    case .failure(let error) where !error.isConnectionFailure: return nil
    case .failure(let error): throw error
    }
    return (try records(from: outcomes[1], recordTableListed: false), reading)
  }

  /// The records a pipelined `recordsSQL` returned: none when it failed for want of the
  /// record table (undefined_table), unless the table was seen to exist.
  private func records(
    from outcome: Result<PostgresResult, PostgresError>, recordTableListed: Bool
  ) throws -> [Record] {
    switch outcome {
    case .success(let result):
      return try result.rows(Self.record)
    case .failure(let error) where error.sqlState == "42P01" && !recordTableListed:
      // undefined_table: no record table in the schema, so nothing was ever migrated.
      return []
    case .failure(let error):
      throw error
    }
  }

  /// The schema's migration lock, held to the end of the transaction: one lock per schema,
  /// so tests and tenants in other schemas of the database go on.
  private static let migrationLockSQL: PostgresQuery = """
    SELECT pg_catalog.pg_advisory_xact_lock(
      1635087464, pg_catalog.hashtext(pg_catalog.current_schema()::text))
    """

  /// The recorded migrations, oldest first, once the record table exists.
  private static let recordsSQL: PostgresQuery =
    "SELECT version, identifier, applied_at FROM schema_migrations ORDER BY version"

  private static func record(_ row: PostgresRow) throws(PostgresError) -> Record {
    Record(
      version: try row.decode(Int.self, "version"),
      migration: AppliedMigration(
        identifier: try row.decode(String.self, "identifier"),
        appliedAt: try row.decode(Date.self, "applied_at")))
  }

  /// The recorded migrations, oldest first; none before the record table exists.
  private func records(in connection: PostgresConnection) throws -> [Record] {
    guard try connection.tableExists("schema_migrations") else { return [] }
    return try connection.query(Self.recordsSQL, row: Self.record)
  }

  private func apply(
    _ migration: Migration, to connection: PostgresConnection, at time: Date
  ) throws -> Bool {
    try connection.begin()
    do {
      try connection.execute(Self.migrationLockSQL)
      try connection.executeScript(Self.recordTableSQL)
      // Read again under the lock: another process may have migrated meanwhile.
      let current = try currentVersion(of: connection)
      if current > newestVersion {
        throw PostgresError.schemaTooNew(found: current, newestKnown: newestVersion)
      }
      guard current < migration.version else {
        try connection.executeScript("COMMIT")
        return false
      }
      do {
        try connection.executeScript(migration.sql)
        try Self.steps[migration.identifier]?(connection)
        try connection.execute(
          """
          INSERT INTO schema_migrations (version, identifier, applied_at)
          VALUES (\(migration.version), \(migration.identifier), \(time))
          """)
      } catch let error as PostgresError where !error.isConnectionFailure {
        throw PostgresError.migrationFailed(identifier: migration.identifier, underlying: error)
      }
      try connection.executeScript("COMMIT")
      return true
    } catch {
      if connection.isOpen { try? connection.executeScript("ROLLBACK") }
      throw error
    }
  }
}
