#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One numbered schema change, from a `Migrations/<engine>/NNNN_description.sql` file.
public struct Migration: Hashable, Sendable {
  /// The file name without `.sql`, for example `0001_initial`; recorded in `schema_migrations`.
  public let identifier: String
  /// The number in the name's prefix; `PRAGMA user_version` (SQLite) or the
  /// highest recorded version (PostgreSQL) equals it once applied.
  public let version: Int
  /// The SQL to run, possibly several statements.
  public let sql: String

  /// Describes a migration directly (tests use this to inject their own lists).
  public init(identifier: String, version: Int, sql: String) {
    self.identifier = identifier
    self.version = version
    self.sql = sql
  }

  /// Reads a migration from a file name like `0001_initial.sql`; `nil` for other names.
  public init?(fileName: String, contents: String) {
    guard fileName.hasSuffix(".sql") else { return nil }
    let identifier = String(fileName.dropLast(".sql".count))
    let digits = identifier.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, let version = Int(digits), version > 0 else { return nil }
    self.init(identifier: identifier, version: version, sql: contents)
  }
}

/// A migration recorded as applied in a database.
public struct AppliedMigration: Hashable, Sendable, Codable {
  /// The migration's identifier, for example `0001_initial`.
  public let identifier: String
  /// When it was applied (stored as milliseconds since the Unix epoch, UTC).
  public let appliedAt: Date

  /// Describes an applied migration.
  public init(identifier: String, appliedAt: Date) {
    self.identifier = identifier
    self.appliedAt = appliedAt
  }
}
