/// The migration rules, written once for every engine: a set numbered 1, 2, 3, … with no
/// gap and one well-formed name per number, applied in order; a database newer than the set
/// is refused, and so is one whose records name a known number with another name.
///
/// Each engine's migrator runs the plan with its own transactions and records.
public struct MigrationPlan: Sendable {
  /// The migrations, in version order.
  public let migrations: [Migration]
  /// What is wrong with the set, refused before anything is read or written.
  public let problem: MigrationSetError?

  /// A plan for the given migrations (tests inject their own lists this way).
  public init(migrations: [Migration]) {
    self.migrations = migrations.sorted { $0.version < $1.version }
    do throws(MigrationSetError) {
      try Migration.checkNumbering(migrations)
      problem = nil
    } catch {
      problem = error
    }
  }

  /// The plan of a folder's files as the build embedded them: their migrations, or none
  /// and the first rule the files break (the build checks it first).
  public init(embeddedFiles files: [(name: String, contents: String)]) {
    do throws(MigrationSetError) {
      migrations = try Migration.validated(files: files)
      problem = nil
    } catch {
      migrations = []
      problem = error
    }
  }

  /// The version a fully migrated database has; 0 when there are no migrations.
  public var newestVersion: Int { migrations.last?.version ?? 0 }

  /// Throws `problem`, if the set has one.
  public func requireValidSet() throws(MigrationSetError) {
    if let problem { throw problem }
  }

  /// The migrations after `version`, in order.
  public func pending(after version: Int) throws(MigrationSetError) -> [Migration] {
    try requireValidSet()
    return migrations.filter { $0.version > version }
  }

  /// Refuses, before anything is written, a broken set; a database at `version` newer than
  /// the set, with the engine's own error (`newer(found, newestKnown)`); and records that
  /// name a known number with another name. `recorded` is read only once the version has
  /// passed, since a newer schema may record its migrations in another shape.
  public func admit(
    version: Int, recorded: () throws -> [String],
    newer: (_ found: Int, _ newestKnown: Int) -> any Error
  ) throws {
    try requireValidSet()
    if version > newestVersion { throw newer(version, newestVersion) }
    try Migration.checkRecords(try recorded(), against: migrations)
  }
}

/// One engine's migrator: it runs a `MigrationPlan` with that engine's transactions and
/// records, and answers for the plan's migrations.
public protocol MigrationExecutor: Sendable {
  /// The rules this migrator runs, and its migrations.
  var plan: MigrationPlan { get }
}

extension MigrationExecutor {
  /// The migrations this migrator knows, in version order.
  public var migrations: [Migration] { plan.migrations }
  /// What is wrong with the migrations (a duplicate number, a gap, a misnamed file),
  /// refused before anything is read or written.
  public var problem: MigrationSetError? { plan.problem }
  /// The version a fully migrated database has; 0 when there are no migrations.
  public var newestVersion: Int { plan.newestVersion }
  /// The digest of migrations 1…`version` (identifiers and SQL), by which an engine's record
  /// of known schemas is keyed; `nil` at version 0.
  package func migrationsDigest(upTo version: Int) -> String? {
    Migration.digest(of: migrations.filter { $0.version <= version })
  }
}
