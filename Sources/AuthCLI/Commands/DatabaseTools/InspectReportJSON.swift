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
    var tables: [String: Any] = [:]
    for table in report.tables { tables[table.name] = table.rows }
    var sessions: Any = JSONText.null
    if let counts = report.sessions {
      sessions = ["active": counts.active, "expired": counts.expired]
    }
    return [
      "prunable": prunable(report.prunable),
      "needs_adoption": report.needsAdoption,
      "path": report.path,
      "size_bytes": report.fileSizeBytes.map { $0 as Any } ?? JSONText.null,
      "wal_size_bytes": report.walSizeBytes.map { $0 as Any } ?? JSONText.null,
      "sqlite_version": report.sqliteVersion,
      "journal_mode": report.journalMode,
      "schema_version": report.schemaVersion,
      "newest_known_schema_version": report.newestKnownSchemaVersion,
      "migrations": report.appliedMigrations.map {
        ["identifier": $0.identifier, "applied_at": Timestamp.iso8601($0.appliedAt)]
      },
      "pending_migrations": report.pendingMigrations,
      "tables": tables,
      "sessions": sessions,
      "inspected_at": Timestamp.iso8601(report.inspectedAt),
      "integrity_check": report.integrityCheck,
      "integrity_ok": report.isHealthy,
      "triggers": report.triggers,
      "views": report.views,
      "schema_differences": report.schemaDifferences.map { $0 as Any } ?? JSONText.null,
      "schema_ok": report.schemaDifferences.map { $0.isEmpty as Any } ?? JSONText.null,
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
    var tables: [String: Any] = [:]
    for table in report.tables { tables[table.name] = table.rows }
    var sessions: Any = JSONText.null
    if let counts = report.sessions {
      sessions = ["active": counts.active, "expired": counts.expired]
    }
    return [
      "prunable": prunable(report.prunable),
      "engine": "postgresql",
      "target": report.target,
      "server_version": report.serverVersion,
      "database": report.database,
      "schema": report.schema,
      "size_bytes": report.sizeBytes,
      "schema_version": report.schemaVersion,
      "newest_known_schema_version": report.newestKnownSchemaVersion,
      "migrations": report.appliedMigrations.map {
        ["identifier": $0.identifier, "applied_at": Timestamp.iso8601($0.appliedAt)]
      },
      "pending_migrations": report.pendingMigrations,
      "tables": tables,
      "sessions": sessions,
      "inspected_at": Timestamp.iso8601(report.inspectedAt),
      "integrity_check": report.schemaCheck,
      "integrity_ok": report.isHealthy,
    ]
  }
}
