#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `DatabaseInspector` found, ready for a table or for JSON.
public struct DatabaseReport: Hashable, Sendable, Codable {
  /// A table and how many rows it holds.
  public struct TableCount: Hashable, Sendable, Codable {
    /// The table name.
    public let name: String
    /// Its row count.
    public let rows: Int

    /// Describes a table's size.
    public init(name: String, rows: Int) {
      self.name = name
      self.rows = rows
    }
  }

  /// Sessions split by whether they had expired at the report's time.
  public struct SessionCounts: Hashable, Sendable, Codable {
    /// Sessions whose expiry lies after the report's time.
    public let active: Int
    /// Sessions whose expiry is at or before the report's time.
    public let expired: Int

    /// Describes the session counts.
    public init(active: Int, expired: Int) {
      self.active = active
      self.expired = expired
    }
  }

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
  /// The time the session counts refer to.
  public let inspectedAt: Date
  /// The lines of `PRAGMA integrity_check`; exactly `["ok"]` when healthy.
  public let integrityCheck: [String]

  /// Whether the integrity check found nothing wrong.
  public var isHealthy: Bool { integrityCheck == ["ok"] }

  /// Assembles a report.
  public init(
    path: String, fileSizeBytes: Int64?, walSizeBytes: Int64?, sqliteVersion: String,
    journalMode: String, schemaVersion: Int, newestKnownSchemaVersion: Int,
    appliedMigrations: [AppliedMigration], pendingMigrations: [String], tables: [TableCount],
    sessions: SessionCounts?, inspectedAt: Date, integrityCheck: [String]
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
  }
}
