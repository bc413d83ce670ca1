import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `SQLiteInspector` found, ready for a table or for JSON.
public struct SQLiteReport: Hashable, Sendable, Codable, SchemaReport {
  /// A table and how many rows it holds (the same on both engines).
  public typealias TableCount = AuthDatabase.TableCount
  /// Sessions split by whether they had expired at the report's time.
  public typealias SessionCounts = AuthDatabase.SessionCounts
  /// What `authcli sessions prune` would delete at the report's time.
  public typealias PrunableCounts = AuthDatabase.PrunableCounts
  /// Accounts storing a hash of one password scheme (the same on both engines).
  public typealias PasswordSchemeCount = AuthDatabase.PasswordSchemeCount

  /// The database path, or `:memory:`.
  public let path: String
  /// The main file's size in bytes; `nil` in memory.
  public let fileSizeBytes: Int64?
  /// The -wal file's size in bytes; `nil` in memory or when there is none.
  public let walSizeBytes: Int64?
  /// The SQLite library version in use, for example `3.40.1`.
  public let sqliteVersion: String
  /// The journal mode, for example `wal` (or `memory`).
  public let journalMode: String
  /// `PRAGMA user_version`: the number of the last applied migration.
  public let schemaVersion: Int
  /// The newest schema version this program knows.
  public let newestKnownSchemaVersion: Int
  /// Migrations recorded as applied, oldest first.
  public let appliedMigrations: [AppliedMigration]
  /// Identifiers of migrations this program would still apply.
  public let pendingMigrations: [String]
  /// Every table except SQLite's own, by name.
  public let tables: [TableCount]
  /// Active and expired sessions at `inspectedAt`; `nil` before the schema exists.
  public let sessions: SessionCounts?
  /// Whether the file records migrations but has schema version 0: a copy rebuilt from a
  /// text dump, which `authcli migrate --adopt` checks and makes usable.
  public var needsAdoption = false
  /// Accounts per password scheme, by the stored hash's prefix; `nil` before the schema.
  public var passwordSchemes: [PasswordSchemeCount]? = nil
  /// The raised sign-in work; `nil` at the default or before migration 0009.
  public var raisedSignInWork: Int? = nil
  /// What housekeeping would delete; `nil` before the schema that records failure ages.
  public var prunable: PrunableCounts? = nil
  /// An app's tables, indexes, views and triggers beside authcli's (`table profiles`,
  /// `index profiles_by_email on profiles`), which the schema check accepts; empty when
  /// there are none or the schema was not judged.
  public var otherObjects: [String] = []
  /// The time the session counts refer to.
  public let inspectedAt: Date
  /// The lines of `PRAGMA integrity_check` and of the CHECK constraints, which a read-only
  /// connection's integrity check skips (`SQLiteMigrator.integrityCheck(of:)`); exactly `["ok"]`
  /// when healthy.
  public let integrityCheck: [String]

  /// Triggers in the schema, by name (the migrations create none; an app's may be here).
  public let triggers: [String]
  /// Views in the schema, by name (the migrations create none; an app's may be here).
  public let views: [String]
  /// How the schema differs from what the applied migrations create (for example
  /// `extra trigger t`); empty when it matches; `nil` when not judged (another
  /// program's database, or a newer schema than this program knows).
  public let schemaDifferences: [String]?

  /// Whether the integrity check found nothing wrong.
  public var isHealthy: Bool { integrityCheck == ["ok"] }

  /// Whether the schema is exactly what the migrations create, when that was judged.
  public var isSchemaAsMigrated: Bool { schemaDifferences?.isEmpty ?? true }

  /// Assembles a report.
  public init(
    path: String, fileSizeBytes: Int64?, walSizeBytes: Int64?, sqliteVersion: String,
    journalMode: String, schemaVersion: Int, newestKnownSchemaVersion: Int,
    appliedMigrations: [AppliedMigration], pendingMigrations: [String], tables: [TableCount],
    sessions: SessionCounts?, inspectedAt: Date, integrityCheck: [String],
    triggers: [String] = [], views: [String] = [], schemaDifferences: [String]? = []
  ) {
    self.path = path
    self.fileSizeBytes = fileSizeBytes
    self.walSizeBytes = walSizeBytes
    self.sqliteVersion = sqliteVersion
    self.journalMode = journalMode
    self.schemaVersion = schemaVersion
    self.newestKnownSchemaVersion = newestKnownSchemaVersion
    self.appliedMigrations = appliedMigrations
    self.pendingMigrations = pendingMigrations
    self.tables = tables
    self.sessions = sessions
    self.inspectedAt = inspectedAt
    self.integrityCheck = integrityCheck
    self.triggers = triggers
    self.views = views
    self.schemaDifferences = schemaDifferences
  }
}
