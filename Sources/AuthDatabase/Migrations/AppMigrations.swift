/// An app's own migrations, kept beside authcli's under a namespace of the app's choosing.
///
/// They are numbered 1, 2, 3, … within the namespace, by the same rules as authcli's (no
/// gap, no number twice, each keyed by its number and its name), and recorded in
/// `app_migrations`, never in `schema_migrations` or SQLite's `user_version`: authcli's
/// next release migrates the database as if they were not there, and a binary that knows
/// none of them still opens, checks and migrates it. On SQLite the app's tables sit beside
/// authcli's; on PostgreSQL they go in a schema named after the namespace, where
/// `REFERENCES users (id)` still finds authcli's table. A migration may reference `users`,
/// but must not attach anything to authcli's tables (a trigger, an index, a rule or policy),
/// which the schema check refuses, rolling that migration back.
public struct AppMigrations: Hashable, Sendable {
  /// The namespace, for example `profiles`: lower-case letters, digits and `_`, starting
  /// with a letter, at most 63 characters, not beginning with `pg_`.
  public let namespace: String
  /// The migrations, in version order.
  public let migrations: [Migration]

  /// An app's migrations under `namespace`; the rules are checked when they are applied.
  public init(namespace: String, migrations: [Migration]) {
    self.namespace = namespace
    self.migrations = migrations.sorted { $0.version < $1.version }
  }

  /// The newest version the migrations reach; 0 when there are none.
  public var newestVersion: Int { migrations.last?.version ?? 0 }

  /// Throws what is wrong with the namespace or the set (a malformed name, a gap, a number
  /// twice), before anything is read or written.
  public func requireValidSet() throws(MigrationSetError) {
    guard Self.isWellFormed(namespace: namespace) else {
      throw .misnamedNamespace(namespace)
    }
    for migration in migrations where !Migration.isWellFormed(identifier: migration.identifier) {
      throw .misnamed(file: migration.identifier)
    }
    try Migration.checkNumbering(migrations)
  }

  /// Refuses, before anything is written, a namespace recorded at a version newer than
  /// these migrations reach, and records that name a known number with another name.
  public func admit(recorded: [String]) throws(MigrationSetError) {
    try requireValidSet()
    let newest = recorded.compactMap { Int($0.prefix { $0.isASCII && $0.isNumber }) }.max() ?? 0
    if newest > newestVersion {
      throw .namespaceTooNew(namespace: namespace, found: newest, newestKnown: newestVersion)
    }
    try Migration.checkRecords(recorded, against: migrations)
  }

  /// Admits what the database records (`admit(recorded:)`), then hands each migration to
  /// `apply` in version order, and returns the ones it applied: an engine's `apply` answers
  /// `false` for one that another process applied meanwhile.
  public func applyPending(
    recorded: [String], _ apply: (Migration) throws -> Bool
  ) throws -> [Migration] {
    try admit(recorded: recorded)
    return try migrations.filter(apply)
  }

  /// Whether `namespace` may name an app's migrations (and, on PostgreSQL, its schema).
  public static func isWellFormed(namespace: String) -> Bool {
    guard let first = namespace.first, ("a"..."z").contains(first), namespace.count <= 63,
      !namespace.hasPrefix("pg_")
    else { return false }
    return namespace.allSatisfy {
      ("a"..."z").contains($0) || $0.isASCII && $0.isNumber || $0 == "_"
    }
  }
}

extension Migration {
  /// An app's migration, numbered `version` and named `name` (lower-case a-z, 0-9 and `_`):
  /// its identifier is the number in four digits, `_`, then the name (`0001_profiles`).
  public init(version: Int, name: String, sql: String) {
    let digits = String(version)
    let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    self.init(identifier: padded + "_" + name, version: version, sql: sql)
  }
}
