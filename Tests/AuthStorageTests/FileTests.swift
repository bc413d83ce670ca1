import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("Database files")
struct FileTests {
  /// Each case's own folder, removed with it.
  private let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// A store on a new file in the case's folder, holding one account, so that its -wal and
  /// -shm files exist.
  private func storeHolding(_ name: String) async throws -> (path: String, store: SQLiteAuthStore) {
    let path = folder.path("auth.sqlite")
    let store = try SQLiteAuthStore.open(path: path)
    try await insertSampleUser(name, into: store)
    return (path, store)
  }

  @Test("the database and its -wal and -shm files are created with mode 0600")
  func fileModes() async throws {
    let (path, store) = try await storeHolding("mode")
    for file in [path, path + "-wal", path + "-shm"] {
      #expect(FileManager.default.fileExists(atPath: file), "\(file) missing")
      #expect(try permissions(file) == 0o600, "\(file)")
    }
  }

  @Test("close() writes the log back and deletes -wal and -shm; the data stay; later work throws")
  func close() async throws {
    let (path, store) = try await storeHolding("kept")
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(FileManager.default.fileExists(atPath: path + "-shm"))
    store.close()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
    store.close()
    await #expect(throws: AuthError.self) {
      try await store.read { try $0.userRecord(named: username("kept")) }
    }
    let reopened = try SQLiteAuthStore.open(path: path)
    #expect(try await reopened.read { try $0.userRecord(named: username("kept")) } != nil)
    reopened.close()
  }

  @Test("close() leaves -wal and -shm to another connection still open on the file")
  func closeBesideAnother() async throws {
    let path = folder.path("shared-close.sqlite")
    let first = try SQLiteAuthStore.open(path: path)
    let second = try SQLiteAuthStore.open(path: path)
    try await insertSampleUser("both", into: first)
    first.close()
    #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(try await second.read { try $0.userRecord(named: username("both")) } != nil)
    second.close()
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
  }

  @Test("two connections to one file writing in turn never see busy")
  func twoConnections() async throws {
    let path = folder.path("shared.sqlite")
    let first = try SQLiteAuthStore.open(path: path)
    let second = try SQLiteAuthStore.open(path: path)
    for round in 0..<10 {
      let writer = round.isMultiple(of: 2) ? first : second
      _ = try await writer.write {
        try $0.insertUser(
          username: username("user\(round)"), passwordHash: sampleHash, at: time(round))
      }
    }
    let seenByFirst = try first.withDatabase { try $0.scalarInt("SELECT count(*) FROM users") }
    let seenBySecond = try second.withDatabase { try $0.scalarInt("SELECT count(*) FROM users") }
    #expect(seenByFirst == 10 && seenBySecond == 10)
  }

  @Test("a write lock held past the busy timeout surfaces as StoreError.busy")
  func busy() async throws {
    let path = folder.path("busy.sqlite")
    let holder = try SQLiteDatabase.open(path: path)
    try SQLiteMigrator().migrate(holder)
    let store = try SQLiteAuthStore.open(path: path, busyTimeoutMilliseconds: 0)
    try holder.execute("BEGIN IMMEDIATE")
    await #expect(throws: AuthError.store(.busy)) {
      try await store.write { try $0.clearThrottleState(for: "x") }
    }
    try holder.execute("ROLLBACK")
    try await store.write { try $0.clearThrottleState(for: "x") }
  }
}
