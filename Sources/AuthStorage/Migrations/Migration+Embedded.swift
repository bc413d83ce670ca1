import AuthDatabase

extension MigrationPlan {
  /// The plan of `Migrations/sqlite/`, as the build embedded the files.
  static let embeddedSQLite = MigrationPlan(embeddedFiles: EmbeddedMigrations.files)
}

extension Migration {
  /// The SQLite migrations built into this binary, in version order (empty when the files
  /// break a rule, which `embeddedProblem` names and the migrator refuses to go on with).
  public static var embedded: [Migration] { MigrationPlan.embeddedSQLite.migrations }

  /// The rule the embedded SQLite files break, if any (the build checks it first).
  public static var embeddedProblem: MigrationSetError? { MigrationPlan.embeddedSQLite.problem }

  /// How many embedded files there are, named well or not (a test compares it with `embedded`).
  static let embeddedFileCount = EmbeddedMigrations.files.count

  /// The embedded file names, named well or not (a test compares them with other engines').
  public static let embeddedFileNames: [String] = EmbeddedMigrations.files.map(\.name)
}
