import AuthCore
import AuthStorage
import Foundation
import Testing

/// Two stores on one database file stand for two `authcli` processes.
@Suite struct TwoConnectionTests {
  private func withTwoFixtures(
    _ body: (UseCaseFixture, UseCaseFixture) async throws -> Void
  ) async throws {
    try await withTemporaryDatabasePath { path in
      let first = try UseCaseFixture(store: try SQLiteAuthStore.open(path: path))
      let second = try UseCaseFixture(store: try SQLiteAuthStore.open(path: path))
      try await body(first, second)
    }
  }

  @Test func aRaceForOneNameAcrossConnectionsMakesOneAccount() async throws {
    try await withTwoFixtures { one, two in
      let request = SignUpRequest(
        username: "race", password: UseCaseFixture.password,
        confirmation: UseCaseFixture.password)
      async let first = one.signUp.signUp(request: request)
      async let second = two.signUp.signUp(request: request)
      let results = try await [first, second]
      let signedUp = results.filter { if case .signedUp = $0 { true } else { false } }
      #expect(signedUp.count == 1)
      #expect(try await one.events().filter { $0.kind == .signUp }.count == 1)
    }
  }

  @Test func failuresFromBothConnectionsShareOneCount() async throws {
    try await withTwoFixtures { one, two in
      _ = try await one.register("alice")
      let wrong = SignInRequest(username: "alice", password: UseCaseFixture.otherPassword)
      let services = [one.signIn, two.signIn]
      try await withThrowingTaskGroup(of: Void.self) { group in
        for index in 0..<10 {
          let service = services[index % 2]
          group.addTask { _ = try await service.signIn(request: wrong) }
        }
        try await group.waitForAll()
      }
      let state = try await two.throttle("alice")
      #expect(state.consecutiveFailures == 5)
      #expect(state.isLocked(at: one.clock.now()))
      let right = try await two.attempt("alice", UseCaseFixture.password)
      #expect(right == .invalid(errorMessage: AuthMessages.signInFailed))
    }
  }
}
