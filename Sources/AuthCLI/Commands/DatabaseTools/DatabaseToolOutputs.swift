import AuthDatabase

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A recorded migration, as `migrate status` and `inspect` print it.
struct AppliedMigrationRecord: JSONOutput {
  let identifier: String
  let appliedAt: Date

  enum CodingKeys: String, CodingKey, CaseIterable {
    case appliedAt = "applied_at", identifier
  }

  init(_ migration: AppliedMigration) {
    identifier = migration.identifier
    appliedAt = migration.appliedAt
  }
}

/// `migrate`: what this run applied.
struct MigrationsApplied: JSONOutput, CommandOutput {
  let newlyApplied: [String]
  let schemaVersion: Int
  /// Deprecated: `newly_applied`; `applied` is `migrate status`'s list of objects. Removed
  /// in the next release.
  let applied: [String]?
  /// The database migrated, as the text names it (not a key: a script named it).
  let database: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case applied, newlyApplied = "newly_applied", schemaVersion = "schema_version"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.applied: "`newly_applied`"]

  func text(style: Style) -> String {
    guard !newlyApplied.isEmpty else {
      return "Already up to date: schema version \(schemaVersion) at \(database)."
    }
    return "Applied \(newlyApplied.joined(separator: ", ")): schema version \(schemaVersion) at "
      + "\(database)."
  }
}

/// `migrate --adopt`: whether a dump was adopted, at which version, and what then ran.
struct DumpAdopted: JSONOutput, CommandOutput {
  let adopted: Bool
  /// The version the dump was found at; `null` when there was nothing to adopt.
  let adoptedSchemaVersion: Int?
  let newlyApplied: [String]
  let schemaVersion: Int
  /// Deprecated, as for `migrate`; removed in the next release.
  let applied: [String]?
  /// The file adopted, as the text names it (not a key: a script named it).
  let database: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case adopted, adoptedSchemaVersion = "adopted_schema_version", applied
    case newlyApplied = "newly_applied", schemaVersion = "schema_version"
  }

  static let deprecatedKeys: [CodingKeys: String] = [.applied: "`newly_applied`"]

  func text(style: Style) -> String {
    guard let adoptedSchemaVersion else {
      return "Nothing to adopt: \(database) is an authcli database already"
        + (newlyApplied.isEmpty ? "" : "; applied " + newlyApplied.joined(separator: ", "))
        + ": schema version \(schemaVersion)."
    }
    var text = "Adopted \(database)"
    if !newlyApplied.isEmpty {
      text +=
        " at schema version \(adoptedSchemaVersion); applied "
        + newlyApplied.joined(separator: ", ")
    }
    return text + ": schema version \(schemaVersion)."
  }
}

/// `migrate status`.
struct MigrationStatusShown: JSONOutput, CommandOutput {
  let schemaVersion: Int
  let newestKnownSchemaVersion: Int
  let appliedMigrations: [AppliedMigrationRecord]
  let pendingMigrations: [String]
  /// Deprecated: `applied_migrations`, as `inspect` names it; removed in the next release.
  let applied: [AppliedMigrationRecord]?
  /// Deprecated: `pending_migrations`, as `inspect` names it; removed in the next release.
  let pending: [String]?

  enum CodingKeys: String, CodingKey, CaseIterable {
    case applied, appliedMigrations = "applied_migrations"
    case newestKnownSchemaVersion = "newest_known_schema_version", pending
    case pendingMigrations = "pending_migrations", schemaVersion = "schema_version"
  }

  static let deprecatedKeys: [CodingKeys: String] = [
    .applied: "`applied_migrations`", .pending: "`pending_migrations`",
  ]

  /// The version, then each migration with its state.
  func text(style: Style) -> String {
    let rows =
      appliedMigrations.map { [$0.identifier, "applied", Timestamp.readable($0.appliedAt)] }
      + pendingMigrations.map { [$0, "pending", ""] }
    return "Schema version \(schemaVersion) (this program knows up to "
      + "\(newestKnownSchemaVersion)).\n\n"
      + TextTable(headers: ["MIGRATION", "STATE", "APPLIED AT"], rows: rows).render(style: style)
  }
}

/// `backup PATH`: the checked copy.
struct BackupMade: JSONOutput, CommandOutput {
  let path: String
  let sizeBytes: Int64
  let schemaVersion: Int
  /// A copy whose check failed is an error, never this output.
  let integrityOK = true
  /// The database copied, as the text names it (not a key: a script named it).
  let source: String

  enum CodingKeys: String, CodingKey, CaseIterable {
    case integrityOK = "integrity_ok", path, schemaVersion = "schema_version"
    case sizeBytes = "size_bytes"
  }

  func text(style: Style) -> String {
    "Backed up \(source) to \(path) (\(sizeBytes) bytes, schema version \(schemaVersion), "
      + "integrity check ok; the second-factor key file is not in it)."
  }
}

/// `inspect`: the keys both engines print, with the same meaning, beside the engine's own.
struct InspectOutput: Encodable, Sendable {
  let schema: SchemaFacts
  /// The engine's own keys (SQLite's file, PostgreSQL's server), in the same object.
  let engine: any InspectedEngine
  /// The Argon2id passes at which the text spells the sign-in work as memory (not a key:
  /// the work is the figure).
  let passes: Int

  func encode(to encoder: any Encoder) throws {
    try schema.encode(to: encoder)
    try engine.encode(to: encoder)
  }
}

/// The keys that mean the same on both engines.
struct SchemaFacts: JSONOutput {
  let prunable: PrunableCountsOutput?
  let schemaVersion: Int
  let newestKnownSchemaVersion: Int
  let appliedMigrations: [AppliedMigrationRecord]
  let pendingMigrations: [String]
  /// Each table's rows, by name.
  let tables: [String: Int]
  let activeSessions: Int?
  let expiredSessions: Int?
  let inspectedAt: Date
  /// Accounts per scheme, named as `users show` names them; `null` before the schema exists.
  let passwordSchemes: [String: Int]?
  /// What every sign-in costs (Argon2id KiB × passes), as `users sign-in-work` names it;
  /// `null` before the schema exists.
  let signInWork: Int?
  /// Whether kept hashes raised it above the cost of new hashes.
  let signInWorkRaised: Bool
  /// Deprecated: `applied_migrations`, as `migrate status` names it; removed in the next
  /// release.
  let migrations: [AppliedMigrationRecord]?
  /// Deprecated: `active_sessions` and `expired_sessions` (counts, as elsewhere); removed in
  /// the next release.
  let sessions: SessionCounts?
  /// An app's objects beside authcli's, which the schema check accepts.
  let otherObjects: [String]

  enum CodingKeys: String, CodingKey, CaseIterable {
    case activeSessions = "active_sessions", appliedMigrations = "applied_migrations"
    case expiredSessions = "expired_sessions", inspectedAt = "inspected_at", migrations
    case newestKnownSchemaVersion = "newest_known_schema_version"
    case otherObjects = "other_objects"
    case passwordSchemes = "password_schemes", pendingMigrations = "pending_migrations", prunable
    case schemaVersion = "schema_version", sessions, signInWork = "sign_in_work"
    case signInWorkRaised = "sign_in_work_raised", tables
  }

  static let deprecatedKeys: [CodingKeys: String] = [
    .migrations: "`applied_migrations`",
    .sessions: "`active_sessions` and `expired_sessions`",
  ]

  /// `defaultSignInWork` is the cost of new hashes, which the store's sign-in work is never
  /// below.
  init(_ schema: any SchemaReport, defaultSignInWork: Int) {
    prunable = schema.prunable.map {
      PrunableCountsOutput(
        expiredSessions: $0.expiredSessions, throttleRows: $0.throttleRows,
        expiredDeviceCookies: $0.expiredDeviceCookies)
    }
    schemaVersion = schema.schemaVersion
    newestKnownSchemaVersion = schema.newestKnownSchemaVersion
    appliedMigrations = schema.appliedMigrations.map(AppliedMigrationRecord.init)
    pendingMigrations = schema.pendingMigrations
    tables = Dictionary(schema.tables.map { ($0.name, $0.rows) }) { _, last in last }
    activeSessions = schema.sessions?.active
    expiredSessions = schema.sessions?.expired
    inspectedAt = schema.inspectedAt
    passwordSchemes = schema.passwordSchemes.map { counts in
      Dictionary(counts.map { ($0.scheme, $0.accounts) }) { _, last in last }
    }
    let raised = schema.raisedSignInWork ?? 0
    signInWork = schema.passwordSchemes == nil ? nil : max(defaultSignInWork, raised)
    signInWorkRaised = raised > defaultSignInWork
    migrations = appliedMigrations
    sessions = schema.sessions
    otherObjects = schema.otherObjects
  }
}
