import AuthDatabase

/// `inspect --json`: the report with stable snake_case keys, the same ones wherever the
/// engines mean the same.
enum InspectReportJSON {
  static func object(_ inspection: Inspection, defaultSignInWork: Int) -> [String: Any] {
    var object = shared(inspection.schema).merging(inspection.json()) { shared, _ in shared }
    // What every sign-in costs (Argon2id KiB × passes), as `users sign-in-work` names it.
    let raised = inspection.schema.raisedSignInWork
    object["sign_in_work"] =
      inspection.schema.passwordSchemes == nil
      ? JSONText.null : max(defaultSignInWork, raised ?? 0) as Any
    object["sign_in_work_raised"] = (raised ?? 0) > defaultSignInWork
    return object
  }

  /// The keys that mean the same on both engines.
  private static func shared(_ schema: any SchemaReport) -> [String: Any] {
    var rows: [String: Any] = [:]
    for table in schema.tables { rows[table.name] = table.rows }
    return [
      "prunable": prunable(schema.prunable),
      "schema_version": schema.schemaVersion,
      "newest_known_schema_version": schema.newestKnownSchemaVersion,
      "applied_migrations": MigrateCommand.json(schema.appliedMigrations),
      "pending_migrations": schema.pendingMigrations,
      "tables": rows,
      "active_sessions": schema.sessions.map { $0.active as Any } ?? JSONText.null,
      "expired_sessions": schema.sessions.map { $0.expired as Any } ?? JSONText.null,
      "inspected_at": Timestamp.iso8601(schema.inspectedAt),
      // Deprecated, removed in the next release: `applied_migrations` (as `migrate status`
      // names it), and `active_sessions` and `expired_sessions` (counts, as elsewhere).
      "migrations": MigrateCommand.json(schema.appliedMigrations),
      "sessions": schema.sessions.map { ["active": $0.active, "expired": $0.expired] as Any }
        ?? JSONText.null,
      "password_schemes": passwordSchemes(schema.passwordSchemes),
    ]
  }

  /// `{scheme: accounts}`, the schemes named as `users show` names them; `null` before
  /// the schema exists.
  private static func passwordSchemes(_ counts: [PasswordSchemeCount]?) -> Any {
    guard let counts else { return JSONText.null }
    var object: [String: Any] = [:]
    for count in counts { object[count.scheme] = count.accounts }
    return object
  }

  /// What `sessions prune` would delete, with the same keys on both engines.
  private static func prunable(_ counts: PrunableCounts?) -> Any {
    guard let counts else { return JSONText.null }
    return [
      "expired_sessions": counts.expiredSessions, "throttle_rows": counts.throttleRows,
      "expired_device_cookies": counts.expiredDeviceCookies,
    ]
  }
}
