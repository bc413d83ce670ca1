import PostgresTestSupport
import Testing

extension Trait where Self == ConditionTrait {
  /// Runs a suite or test only where PostgreSQL's runs take place (always under CI), and
  /// says why it was left out otherwise.
  static var needsPostgres: Self {
    .enabled(if: TestPostgres.shouldRun, Comment(rawValue: TestPostgres.skipReason))
  }

  /// The same for PgBouncer in front of the test server.
  static var needsPgBouncer: Self {
    .enabled(if: TestPostgres.shouldRunPooled, Comment(rawValue: TestPostgres.pooledSkipReason))
  }
}
