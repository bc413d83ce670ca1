#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What every engine's inspection report says alike: the schema version and migrations,
/// the tables, the sessions and what pruning would delete, so that one presentation serves
/// them all.
public protocol SchemaReport: Sendable {
  /// The schema version found; 0 before the first migration.
  var schemaVersion: Int { get }
  /// The newest migration this binary knows.
  var newestKnownSchemaVersion: Int { get }
  /// Migrations recorded as applied, oldest first.
  var appliedMigrations: [AppliedMigration] { get }
  /// Identifiers of the known migrations not applied yet.
  var pendingMigrations: [String] { get }
  /// Each table with its row count, by name.
  var tables: [TableCount] { get }
  /// Sessions active and expired at `inspectedAt`, when the sessions table exists.
  var sessions: SessionCounts? { get }
  /// Accounts per password scheme (by the stored hash's prefix), when the users table exists.
  var passwordSchemes: [PasswordSchemeCount]? { get }
  /// The sign-in work the store was raised to (Argon2id KiB × passes); `nil` at the default
  /// or before the schema keeps one.
  var raisedSignInWork: Int? { get }
  /// What `authcli sessions prune` would delete at `inspectedAt`, when the schema keeps
  /// failure ages.
  var prunable: PrunableCounts? { get }
  /// When the report was made.
  var inspectedAt: Date { get }
  /// An app's objects beside authcli's, which the schema check accepts and does not judge
  /// (SQLite: tables, indexes, views and triggers of tables that are not authcli's;
  /// PostgreSQL: objects in other schemas that reference authcli's tables), each as
  /// `table profiles`; empty when there are none.
  var otherObjects: [String] { get }
}
