import AuthCore
import AuthCrypto
import AuthStorage
import AuthTestSupport
import Foundation
import Testing

/// A database written by authcli 0.1.0 (`Fixtures/release-0.1.0.sqlite3`, made with that
/// release's `authcli signup --password-stdin`, default Argon2id cost) keeps working: every
/// stored username and password hash signs in with what its owner typed, in any Unicode
/// form that normalises to the same text, and the sessions it holds still resolve.
@Suite struct ReleaseDatabaseTests {
  /// What each account was created with, exactly as typed, and the canonical name stored.
  struct Account: Sendable, CustomTestStringConvertible {
    let typedName: String
    let storedName: String
    let typedPassword: String
    /// The same password in another Unicode form (NFKC of it, or a decomposition).
    let equivalentPassword: String
    /// The token the release printed into its state file at sign-up.
    let token: String
    /// When the release created the session, in milliseconds since the epoch.
    let signedUpAt: Int64

    var testDescription: String { storedName }
  }

  static let accounts: [Account] = [
    Account(
      typedName: "Alice", storedName: "alice", typedPassword: "plain ascii passphrase 4711",
      equivalentPassword: "plain ascii passphrase 4711",
      token: "kDK53M_KqpX1xJgjF22ZxRyonWY-GWxBjbwxeACjJxU", signedUpAt: 1_796_126_216_198),
    Account(
      typedName: "\u{FF22}\u{FF2F}\u{FF22}\u{FF0E}\u{FF46}\u{FF55}\u{FF4C}\u{FF4C}",
      storedName: "bob.full", typedPassword: "\u{FB01}ne \u{FB02}owers in the \u{FB01}eld, 2026",
      equivalentPassword: "fine flowers in the field, 2026",
      token: "QToe8NVAjcIExaY-T_vRuDLYCCL48UnNpJFS4KgMN3U", signedUpAt: 1_796_126_216_547),
    Account(
      typedName: "carol", storedName: "carol",
      typedPassword: "cafe\u{301} au lait, A\u{30A} and \u{212B} \u{2460}\u{2461}\u{2462} x\u{B2}",
      equivalentPassword: "caf\u{E9} au lait, \u{C5} and \u{C5} 123 x2",
      token: "I0_g-0VolIWEdQB48uyvrAkTwF7YU7UVrjUfLQNjy5E", signedUpAt: 1_796_126_216_823),
    Account(
      typedName: "dave_99", storedName: "dave_99",
      typedPassword:
        "\u{FF30}\u{FF41}\u{FF53}\u{FF53}\u{FF57}\u{FF4F}\u{FF52}\u{FF44} "
        + "\u{FF46}\u{FF55}\u{FF4C}\u{FF4C}\u{FF57}\u{FF49}\u{FF44}\u{FF54}\u{FF48} \u{FF19} "
        + "\u{1100}\u{1161}\u{11A8} \u{217B} \u{1F98A}",
      equivalentPassword: "Password fullwidth 9 \u{AC01} xii \u{1F98A}",
      token: "-N5Q2C_PXjA2v5x06aynJvn0XT5CnowJIBvRAdwFSF4", signedUpAt: 1_796_126_217_153),
  ]

  private static let fixture = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/release-0.1.0.sqlite3")

  /// A private copy of the fixture, opened (and migrated) as authcli opens a database.
  private func withReleaseDatabase(
    _ body: (UseCaseFixture, String) async throws -> Void
  ) async throws {
    try await withTemporaryDatabasePath { path in
      try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
      let store = try SQLiteAuthStore.open(path: path, mode: .readWrite)
      let fixture = try UseCaseFixture(store: store, cost: .interactive)
      try await body(fixture, path)
    }
  }

  @Test func storedUsernamesAreUnchanged() async throws {
    try await withReleaseDatabase { fixture, _ in
      for account in Self.accounts {
        let name = try #require(Username.validate(account.typedName).asValidated)
        #expect(name.canonical == account.storedName)
        let stored = try await fixture.store.read { try $0.userRecord(named: name) }
        #expect(stored?.user.username == name.canonical)
        #expect(Password(account.typedPassword) == Password(account.equivalentPassword))
      }
    }
  }

  @Test(arguments: accounts)
  func signsInWithThePasswordAsTypedAndInAnEquivalentForm(_ account: Account) async throws {
    try await withReleaseDatabase { fixture, _ in
      fixture.clock.set(Date(timeIntervalSince1970: Double(account.signedUpAt) / 1000 + 60))
      let typed = try await fixture.attempt(account.typedName, account.typedPassword)
      #expect(typed.asValidated?.authenticated.user.username == account.storedName)
      let equivalent = try await fixture.attempt(account.storedName, account.equivalentPassword)
      #expect(equivalent.asValidated?.authenticated.user.username == account.storedName)
      let wrong = try await fixture.attempt(account.storedName, account.equivalentPassword + "!")
      #expect(wrong == .invalid(errorMessage: AuthMessages.signInFailed))
    }
  }

  @Test(arguments: accounts)
  func sessionsWrittenByTheReleaseStillResolve(_ account: Account) async throws {
    try await withReleaseDatabase { fixture, _ in
      fixture.clock.set(Date(timeIntervalSince1970: Double(account.signedUpAt) / 1000 + 3600))
      let current = try await fixture.sessions.currentSession(
        token: SessionToken(rawValue: account.token))
      #expect(current.user.username == account.storedName)
      fixture.clock.advance(by: 8 * 86_400)
      await #expect(throws: AuthError.notSignedIn) {
        try await fixture.sessions.currentSession(token: SessionToken(rawValue: account.token))
      }
    }
  }
}
