import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite("User directory")
struct UserDirectoryTests {
  @Test("lists users with their last sign-in and their active sessions")
  func listings() async throws {
    let folder = try TemporaryFolder()
    let path = folder.path("dir.sqlite")
    let store = try SQLiteAuthStore.open(path: path)
    let (mia, noah) = try await store.write { context in
      (
        try context.insertUser(username: username("mia"), passwordHash: sampleHash, at: time(0)),
        try context.insertUser(username: username("noah"), passwordHash: sampleHash, at: time(1))
      )
    }
    try await store.write { context in
      for second in [10, 20] {
        try context.append(
          AuthEventDraft(
            time: time(second), kind: .signInSucceeded, userID: mia.id, username: "mia",
            detail: ""))
      }
      try context.append(
        AuthEventDraft(
          time: time(30), kind: .signInFailed, userID: noah.id, username: "noah", detail: ""))
      _ = try context.insertSession(
        userID: mia.id, tokenHash: tokenHash(1), createdAt: time(10), expiresAt: time(40))
      _ = try context.insertSession(
        userID: mia.id, tokenHash: tokenHash(2), createdAt: time(20), expiresAt: time(400))
    }

    let reader = try SQLiteDatabase.open(path: path, options: SQLiteOpenOptions(mode: .readOnly))
    let directory = SQLiteUserDirectory(database: reader)
    let users = try directory.users(at: time(100))
    #expect(users.map(\.username) == ["mia", "noah"])
    #expect(users.map(\.lastSignInAt) == [time(20), nil])
    #expect(users.map(\.activeSessions) == [1, 0])
  }
}
