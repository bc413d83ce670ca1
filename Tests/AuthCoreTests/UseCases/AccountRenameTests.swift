import AuthCore
import Foundation
import Testing

@Suite struct AccountRenameTests {
  @Test func aRenameKeepsSessionsAndMovesTheThrottle() async throws {
    let fixture = try UseCaseFixture()
    let started = try await fixture.register("ada")
    _ = try await fixture.register("bob")
    _ = try await fixture.attempt("ada", UseCaseFixture.otherPassword)
    let rename = fixture.services.accountRename
    let renamed = try await rename.renameAccount(named: "ADA", to: "Ava")
    guard case .valid(let user) = renamed else {
      Issue.record("not renamed: \(renamed)")
      return
    }
    #expect(user.id == started.authenticated.user.id)
    #expect(user.username == "ava")
    #expect(try await fixture.throttle("ava").consecutiveFailures == 1)
    #expect(try await fixture.throttle("ada").consecutiveFailures == 0)
    let sessions = try await fixture.store.read { try $0.sessions(of: user.id) }
    #expect(sessions.map(\.id) == [started.authenticated.session.id])
    #expect(try await fixture.attempt("ava", UseCaseFixture.password).isValid)
    #expect(try await !fixture.attempt("ada", UseCaseFixture.password).isValid)
    let event = try #require(try await fixture.events().first { $0.kind == .accountRenamed })
    #expect(event.detail == "renamed from ada to ava")

    let taken = try await rename.renameAccount(named: "ava", to: "bob")
    #expect(taken == .invalid(errorMessage: AuthMessages.usernameTaken, reason: .taken))
    let invalid = try await rename.renameAccount(named: "ava", to: "x")
    #expect(!invalid.isValid)
    await #expect(throws: AuthError.administration(.noSuchAccount(username: "nobody"))) {
      try await rename.renameAccount(named: "nobody", to: "somebody")
    }
  }

  @Test func anExportHasEveryAccountWithItsHashLockAndLastSignIn() async throws {
    let fixture = try UseCaseFixture()
    for number in 0..<3 { _ = try await fixture.register("user\(number)") }
    _ = try await fixture.administration.lockAccount(named: "user1", reason: "gone")
    var exported: [ExportedAccount] = []
    try await fixture.services.accountExport.exportAccounts { page in exported += page }
    #expect(exported.map(\.username) == ["user0", "user1", "user2"])
    #expect(exported.allSatisfy { $0.passwordHash.hasPrefix("$argon2id$") })
    #expect(exported[1].lock?.reason == "gone")
    #expect(exported.allSatisfy { $0.lastSignInAt != nil })
  }
}
