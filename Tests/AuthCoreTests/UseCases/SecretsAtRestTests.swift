import AuthCore
import AuthStorage
import Foundation
import Testing

@Suite struct SecretsAtRestTests {
  @Test func neitherPasswordNorTokenReachTheDatabaseFiles() async throws {
    try await withTemporaryDatabasePath { path in
      let fixture = try UseCaseFixture(store: try SQLiteAuthStore.open(path: path))

      let password = "a very secret passphrase 7"
      let first = try await fixture.register("alice", password: password)
      let second = try #require(try await fixture.attempt("alice", password).asValidated)
      _ = try await fixture.attempt("alice", "a wrong passphrase that fails")

      var bytes = Data()
      for suffix in ["", "-wal", "-shm"] {
        if let contents = FileManager.default.contents(atPath: path + suffix) {
          bytes.append(contents)
        }
      }
      #expect(bytes.count > 0)
      #expect(FileManager.default.fileExists(atPath: path + "-wal"))
      let secrets =
        [password, "a wrong passphrase that fails", first.token.rawValue, second.token.rawValue]
      for secret in secrets {
        #expect(bytes.range(of: Data(secret.utf8)) == nil)
      }
      // The raw token bytes are not stored either, only their hash.
      for token in [first.token, second.token] {
        let raw = try #require(Data(base64URLEncoded: token.rawValue))
        #expect(raw.count == 32)
        #expect(bytes.range(of: raw) == nil)
      }
      let name = try #require(Username.validate("alice").asValidated)
      let record = try #require(try await fixture.store.read { try $0.userRecord(named: name) })
      #expect(record.passwordHash.hasPrefix("$argon2id$"))
      #expect(bytes.range(of: Data(record.passwordHash.utf8)) != nil)
    }
  }
}

extension Data {
  /// Decodes unpadded base64url, for checking what the database holds.
  fileprivate init?(base64URLEncoded text: String) {
    var base64 = text.replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    self.init(base64Encoded: base64)
  }
}
