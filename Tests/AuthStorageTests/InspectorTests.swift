import AuthCore
import AuthDatabase
import AuthStorage
import Foundation
import Testing

@Suite("Database inspector")
struct InspectorTests {
  private func populate(_ store: SQLiteAuthStore) async throws {
    let user = try await insertSampleUser("lena", into: store)
    try await store.write { context in
      _ = try context.insertSession(
        userID: user.id, tokenHash: tokenHash(1), createdAt: time(0), expiresAt: time(100))
      _ = try context.insertSession(
        userID: user.id, tokenHash: tokenHash(2), createdAt: time(0), expiresAt: time(1000))
      try context.append(
        AuthEventDraft(time: time(1), kind: .signUp, userID: user.id, username: "lena", detail: ""))
    }
  }

  @Test("reports an in-memory store: schema, tables, sessions, integrity")
  func inMemory() async throws {
    let store = try SQLiteAuthStore.inMemory()
    try await populate(store)
    let report = try store.withDatabase { try SQLiteInspector().inspect($0, at: time(500)) }
    #expect(report.path == ":memory:")
    #expect(report.fileSizeBytes == nil)
    #expect(report.journalMode == "memory")
    #expect(report.sqliteVersion == sqliteLibraryVersion)
    #expect(report.schemaVersion == SQLiteMigrator().newestVersion)
    #expect(report.appliedMigrations.map(\.identifier) == Migration.embedded.map(\.identifier))
    #expect(report.pendingMigrations.isEmpty)
    let counts = Dictionary(uniqueKeysWithValues: report.tables.map { ($0.name, $0.rows) })
    #expect(
      counts == [
        "users": 1, "sessions": 2, "auth_events": 1, "sign_in_throttle": 0, "secret_keys": 1,
        "device_cookies": 0, "second_factors": 0, "recovery_codes": 0, "sign_in_work": 0,
        "user_groups": 0, "group_members": 0, "app_migrations": 0,
        "schema_migrations": Migration.embedded.count,
      ])
    #expect(report.otherObjects == [])
    #expect(report.sessions == SQLiteReport.SessionCounts(active: 1, expired: 1))
    #expect(report.raisedSignInWork == nil)
    try await store.write { try $0.setRaisedSignInWork(185_000, at: time(501)) }
    let raised = try store.withDatabase { try SQLiteInspector().inspect($0, at: time(502)) }
    #expect(raised.raisedSignInWork == 185_000)
    #expect(report.integrityCheck == ["ok"])
    #expect(report.isHealthy)
  }

  @Test("inspects a file read-only without changing a byte, and round-trips through JSON")
  func file() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("inspect.sqlite")
    try await populate(try SQLiteAuthStore.open(path: path))
    let before = try fileBytes(path)

    let report = try SQLiteInspector().inspect(path: path, at: time(50))
    #expect(report.path == path)
    #expect(report.fileSizeBytes == Int64(before.count))
    #expect(report.journalMode == "wal")
    #expect(report.sessions == SQLiteReport.SessionCounts(active: 2, expired: 0))
    #expect(try fileBytes(path) == before)

    let decoded = try JSONDecoder().decode(
      SQLiteReport.self, from: try JSONEncoder().encode(report))
    #expect(decoded == report)
  }

  @Test("an unmigrated database shows every migration pending and no session counts")
  func unmigrated() throws {
    let database = try SQLiteDatabase.openInMemory()
    let report = try SQLiteInspector().inspect(database, at: time(0))
    #expect(report.schemaVersion == 0)
    #expect(report.tables.isEmpty)
    #expect(report.sessions == nil)
    #expect(report.pendingMigrations == Migration.embedded.map(\.identifier))
  }

  @Test("inspecting a missing path fails and creates nothing")
  func missing() throws {
    let folder = try TemporaryFolder()
    let path = folder.path("absent.sqlite")
    #expect(throws: SQLiteError.notFound(path: path)) {
      _ = try SQLiteInspector().inspect(path: path)
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
