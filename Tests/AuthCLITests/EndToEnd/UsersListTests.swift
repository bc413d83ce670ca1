import Foundation
import Testing

@Suite("End to end: users list")
struct UsersListTests {
  @Test func accountsAreListedByNameWithTheirSignInsAndNeverAHash() async throws {
    let sandbox = try Sandbox()
    #expect(try await sandbox.signUp("olga").status == 0)
    #expect(try await sandbox.signUp("bert").status == 0)
    #expect(try await sandbox.signIn("olga", password: Passphrase.first).status == 0)
    let added = try await sandbox.run(
      ["users", "add", "--username", "cleo", "--password-stdin"], input: Passphrase.first + "\n")
    #expect(added.status == 0, "\(added.errors)")

    let json = try await sandbox.run(["users", "list", "--json"])
    #expect(json.status == 0)
    let users = try #require(try json.json() as? [[String: Any]])
    #expect(users.map { $0["username"] as? String } == ["bert", "cleo", "olga"])
    for user in users {
      let created = try #require(user["created_at"] as? String)
      #expect(created.hasSuffix("Z"), "\(created)")
    }
    // Signing up counts as the first sign-in; an account an operator added has none.
    #expect(users[0]["last_sign_in_at"] is String)
    #expect(users[1]["last_sign_in_at"] is NSNull)
    #expect(users[2]["last_sign_in_at"] is String)
    // Each sign-up or sign-in here replaced the one session of this state folder.
    #expect(users.map { $0["active_sessions"] as? Int } == [0, 0, 1])
    #expect(users.map { $0["locked"] as? Bool } == [false, false, false])

    let table = try await sandbox.run(["users", "list"])
    #expect(table.status == 0)
    #expect(table.output.hasPrefix("USERNAME  CREATED "))
    #expect(table.output.contains("\nbert "))
    #expect(table.output.contains("never"))
    for run in [json, table] {
      #expect(!run.output.contains("$argon2id$"))
    }
  }
}
