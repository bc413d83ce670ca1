import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("Database files")
struct FileTests {
  @Test("the database and its -wal and -shm files are created with mode 0600")
  func fileModes() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("modes.sqlite")
    let store = try SQLiteAuthStore.open(path: path)
    _ = try await store.write {
      try $0.insertUser(username: username("mode"), passwordHash: sampleHash, at: time(0))
    }
    for file in [path, path + "-wal", path + "-shm"] {
      #expect(FileManager.default.fileExists(atPath: file), "\(file) missing")
      #expect(try permissions(file) == 0o600, "\(file)")
    }
  }

  @Test("two connections to one file writing in turn never see busy")
  func twoConnections() async throws {
    let folder = try TemporaryFolder()
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
    let folder = try TemporaryFolder()
    let path = folder.path("busy.sqlite")
    let holder = try Database.open(path: path)
    try Migrator().migrate(holder)
    let store = try SQLiteAuthStore.open(path: path, busyTimeoutMilliseconds: 0)
    try holder.execute("BEGIN IMMEDIATE")
    await #expect(throws: AuthError.store(.busy)) {
      try await store.write { try $0.clearThrottleState(for: "x") }
    }
    try holder.execute("ROLLBACK")
    try await store.write { try $0.clearThrottleState(for: "x") }
  }
}
