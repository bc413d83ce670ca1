import AuthCore
import AuthDatabase
import Foundation
import Testing

@testable import AuthStorage

/// The CHECK constraints that a read-only connection's integrity check skips: found in the
/// migrations' statements, evaluated on the rows, each broken one named by its table.
@Suite("CHECK constraints")
struct CheckConstraintsTests {
  @Test("the scanner finds each CHECK's expression and nothing inside strings or comments")
  func scanner() {
    let sql = """
      CREATE TABLE t (
        a INTEGER CHECK (a >= 0), -- CHECK (in a comment)
        "check" TEXT DEFAULT 'CHECK (quoted)' check(length("check") < 5),
        b BLOB NOT NULL /* check (no) */ CHECK
          ( length(b) = 32 AND (b IS NOT NULL) ),
        checked INTEGER, CONSTRAINT named CHECK (a < ')')
      )
      """
    #expect(
      CheckConstraints.expressions(inCreateTable: sql) == [
        "a >= 0", "length(\"check\") < 5", " length(b) = 32 AND (b IS NOT NULL) ", "a < ')'",
      ])
    #expect(CheckConstraints.expressions(inCreateTable: "CREATE TABLE u (x, y)").isEmpty)
  }

  @Test("every CHECK the migrations create is found")
  func everyMigrationCheckIsFound() throws {
    let migrator = SQLiteMigrator()
    let expected = try migrator.expectedSchema(atVersion: migrator.newestVersion)
    let found = Dictionary(
      expected.filter { $0.type == "table" }.map {
        ($0.name, CheckConstraints.expressions(inCreateTable: $0.sql ?? ""))
      }, uniquingKeysWith: { first, _ in first })
    #expect(found["secret_keys"] == ["length(key) = 32"])
    #expect(found["sign_in_throttle"] == ["consecutive_failures >= 0"])
    #expect(found["device_cookies"] == ["consecutive_failures >= 0"])
    // As many as the statements spell: a CHECK the scanner missed would go unevaluated.
    for table in expected where table.type == "table" {
      let spelled = (table.sql ?? "").uppercased().components(separatedBy: "CHECK (").count - 1
      #expect(found[table.name]?.count == spelled, "\(table.name)")
    }
  }

  @Test(
    "a row planted past its CHECK is reported on a read-only connection, by table",
    arguments: [false, true])
  func plantedRowIsReported(readOnly: Bool) async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("planted.sqlite")
    _ = try SQLiteAuthStore.open(path: path)
    let writer = try SQLiteDatabase.open(path: path)
    try writer.executeScript(
      """
      PRAGMA ignore_check_constraints = 1;
      UPDATE secret_keys SET key = x'';
      INSERT INTO sign_in_throttle (username, consecutive_failures, locked_until, last_failure_at)
        VALUES ('x', -1, NULL, 0);
      """)
    writer.close()
    let database = try SQLiteDatabase.open(
      path: path, options: SQLiteOpenOptions(mode: readOnly ? .readOnly : .readWrite))
    defer { database.close() }
    #expect(
      try SQLiteMigrator().integrityCheck(of: database) == [
        "CHECK constraint failed in secret_keys", "CHECK constraint failed in sign_in_throttle",
      ])
    let report = try SQLiteInspector().inspect(database)
    #expect(!report.isHealthy)
    #expect(report.schemaDifferences == [])
  }

  @Test("a healthy database passes, and the key refusal names the damage")
  func healthyAndRefused() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("healthy.sqlite")
    let store = try SQLiteAuthStore.open(path: path)
    let database = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    #expect(try SQLiteMigrator().integrityCheck(of: database) == ["ok"])
    database.close()
    let writer = try SQLiteDatabase.open(path: path)
    try writer.executeScript(
      "PRAGMA ignore_check_constraints = 1; UPDATE secret_keys SET key = randomblob(31);")
    writer.close()
    let error = await #expect(throws: AuthError.self) {
      _ = try await store.read { try $0.throttleState(for: "anyone") }
    }
    guard case .store(.failed(let failure))? = error else {
      Issue.record("expected the store's failure, got \(String(describing: error))")
      return
    }
    #expect(failure.kind == .corrupt)
    #expect(NameHash.hex(of: "anyone", key: []) == nil)
    #expect(NameHash.hex(of: "anyone", key: Array(repeating: 7, count: 31)) == nil)
    #expect(NameHash.hex(of: "anyone", key: Array(repeating: 7, count: 32)) != nil)
  }
}
