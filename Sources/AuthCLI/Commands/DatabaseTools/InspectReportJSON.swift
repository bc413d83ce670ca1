import AuthDatabase
import AuthPostgres
import AuthStorage

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `inspect --json`: the report with stable snake_case keys.
enum InspectReportJSON {
  static func object(_ report: DatabaseReport) -> [String: Any] {
    shared(
      prunable: report.prunable, schemaVersion: report.schemaVersion,
      newestKnownSchemaVersion: report.newestKnownSchemaVersion,
      appliedMigrations: report.appliedMigrations, pendingMigrations: report.pendingMigrations,
      tables: report.tables, sessions: report.sessions, inspectedAt: report.inspectedAt
    ).merging([
      "needs_adoption": report.needsAdoption,
      "path": report.path,
      "size_bytes": report.fileSizeBytes.map { $0 as Any } ?? JSONText.null,
      "wal_size_bytes": report.walSizeBytes.map { $0 as Any } ?? JSONText.null,
      "sqlite_version": report.sqliteVersion,
      "journal_mode": report.journalMode,
      "integrity_check": report.integrityCheck,
      "integrity_ok": report.isHealthy,
      "triggers": report.triggers,
      "views": report.views,
      "schema_differences": report.schemaDifferences.map { $0 as Any } ?? JSONText.null,
      "schema_ok": report.schemaDifferences.map { $0.isEmpty as Any } ?? JSONText.null,
    ]) { shared, _ in shared }
  }

  /// The keys that mean the same on both engines.
  private static func shared(
    prunable counts: DatabaseReport.PrunableCounts?, schemaVersion: Int,
    newestKnownSchemaVersion: Int, appliedMigrations: [AppliedMigration],
    pendingMigrations: [String], tables: [DatabaseReport.TableCount],
    sessions: DatabaseReport.SessionCounts?, inspectedAt: Date
  ) -> [String: Any] {
    var rows: [String: Any] = [:]
    for table in tables { rows[table.name] = table.rows }
    return [
      "prunable": prunable(counts),
      "schema_version": schemaVersion,
      "newest_known_schema_version": newestKnownSchemaVersion,
      "migrations": appliedMigrations.map {
        ["identifier": $0.identifier, "applied_at": Timestamp.iso8601($0.appliedAt)]
      },
      "pending_migrations": pendingMigrations,
      "tables": rows,
      "sessions": sessions.map { ["active": $0.active, "expired": $0.expired] as Any }
        ?? JSONText.null,
      "inspected_at": Timestamp.iso8601(inspectedAt),
    ]
  }

  /// What `sessions prune` would delete, with the same keys on both engines.
  private static func prunable(_ counts: DatabaseReport.PrunableCounts?) -> Any {
    guard let counts else { return JSONText.null }
    return [
      "expired_sessions": counts.expiredSessions, "throttle_rows": counts.throttleRows,
      "expired_device_cookies": counts.expiredDeviceCookies,
    ]
  }

  /// A PostgreSQL report, with the SQLite report's keys wherever they mean the same; the
  /// schema check stands where SQLite's integrity check does.
  static func object(_ report: PostgresReport) -> [String: Any] {
    shared(
      prunable: report.prunable, schemaVersion: report.schemaVersion,
      newestKnownSchemaVersion: report.newestKnownSchemaVersion,
      appliedMigrations: report.appliedMigrations, pendingMigrations: report.pendingMigrations,
      tables: report.tables, sessions: report.sessions, inspectedAt: report.inspectedAt
    ).merging([
      "engine": "postgresql",
      "target": report.target,
      "server_version": report.serverVersion,
      "database": report.database,
      "schema": report.schema,
      "size_bytes": report.sizeBytes,
      "integrity_check": report.schemaCheck,
      "integrity_ok": report.isHealthy,
      "schema_differences": report.isHealthy ? [] : report.schemaCheck,
      "schema_ok": report.isHealthy,
      "owner": report.owner.map { $0 as Any } ?? JSONText.null,
      "role": report.connectedRole,
    ]) { shared, _ in shared }
  }
}
