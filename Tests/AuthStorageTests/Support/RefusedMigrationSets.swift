import AuthDatabase

/// Migration sets that both engines' migrators refuse before they write anything, in SQL
/// that both engines run: two files under one number, and a recorded migration whose name a
/// later set changes.
enum RefusedMigrationSets {
  /// Two migrations under the number 1.
  static let duplicateNumber = [
    Migration(identifier: "0001_a", version: 1, sql: "CREATE TABLE a (x integer)"),
    Migration(identifier: "0001_b", version: 1, sql: "CREATE TABLE b (x integer)"),
  ]

  /// The set applied first, which records `0001_first`.
  static let recorded = [
    Migration(identifier: "0001_first", version: 1, sql: "CREATE TABLE a (x integer)")
  ]

  /// Another name under the recorded number, and a next migration that must not run.
  static let renamed = [
    Migration(identifier: "0001_other", version: 1, sql: "CREATE TABLE a (x integer)"),
    Migration(identifier: "0002_next", version: 2, sql: "CREATE TABLE b (x integer)"),
  ]
}
