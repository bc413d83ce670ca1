import AuthCore
import AuthCrypto
import Foundation
import Testing

@Suite struct AccountImportTests {
  /// Hashes of `UseCaseFixture.password` made by openssl and htpasswd.
  static let sha512 =
    "$6$saltsalt$CPgxBHZBXfhC6lX1yxpdEsbQfXmg3WXVj8AoVwyNFLfb5AtbfM8k6A8yehv1z6sgzoH/DUIs7YK9hVnGhTjhW/"
  static let bcrypt = "$2y$05$Ea5YSRi0G.1KpzliENAIauq3UH9bXwRcoBk9Lpo7Egt0tLqxj1IKG"
  static let apr1 = "$apr1$hrZvlkaO$lSsmCcGN7a2FchLsGXYGq0"

  private func services(_ fixture: UseCaseFixture) throws -> AuthServices {
    AuthServices(
      store: fixture.store, hasher: fixture.hasher, tokens: fixture.tokens, clock: fixture.clock,
      policy: fixture.policy, legacyVerifier: try LegacyHashVerifier())
  }

  private func record(_ name: String, in fixture: UseCaseFixture) async throws -> UserRecord? {
    let username = try #require(Username.validate(name).asValidated)
    return try await fixture.store.read { try $0.userRecord(named: username) }
  }

  /// Imports kim's htpasswd line with `hash`, letting the import raise the store's sign-in
  /// work when `raising`.
  private func importKim(
    _ hash: String, raising: Bool = false, into fixture: UseCaseFixture
  ) async throws -> AccountImportReport {
    var request = AccountImportRequest(format: .htpasswd, lines: ["kim:" + hash])
    request.raiseSignInWork = raising
    return try await services(fixture).accountImport.importAccounts(request)
  }

  private func shadow(_ name: String, _ hash: String) -> String {
    "\(name):\(hash):19000:0:99999:7:::"
  }

  @Test func refusedLinesAreNamedByNumberAndNothingIsWritten() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    _ = try await fixture.register("dora")
    let lines = [
      "# accounts", "ada:\(Self.bcrypt)", "", "carl:\(Self.apr1)", "x:\(Self.bcrypt)",
      "ADA:\(Self.bcrypt)", "dora:\(Self.bcrypt)", "eve", "fay:{SHA}abc",
    ]
    let report = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .htpasswd, lines: lines))
    #expect(!report.written)
    #expect(report.refused.map(\.line) == [4, 5, 6, 7, 8, 9])
    #expect(report.refused[0].reason.hasPrefix("weak scheme"))
    #expect(report.refused[2].reason == "duplicate of line 2")
    #expect(report.refused[3].reason == "an account with this name exists")
    #expect(try await record("ada", in: fixture) == nil)
    let skipping = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .htpasswd, lines: lines, skipInvalid: true))
    #expect(skipping.written)
    #expect(skipping.accepted.map(\.username) == ["ada"])
    #expect(skipping.countsPerScheme == ["bcrypt": 1])
    let stored = try await record("ada", in: fixture)
    #expect(stored?.passwordHash == Self.bcrypt)
    let events = try await fixture.events()
    #expect(events.last?.kind == .accountImported)
    #expect(events.last?.detail == "line 2; scheme bcrypt")
    #expect(!(events.last?.detail.contains("$2y$") ?? true))
  }

  @Test func aDryRunWritesNothingAndLockedEntriesNeedKeepLocked() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    let lines = [
      shadow("root", "*"), shadow("gus", Self.sha512), shadow("hal", "!" + Self.sha512),
    ]
    let dry = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: lines, dryRun: true, keepLocked: true))
    #expect(!dry.written)
    #expect(dry.refused.isEmpty)
    #expect(dry.countsPerScheme == ["none": 1, "sha512-crypt": 2])
    #expect(try await fixture.events().isEmpty)
    let strict = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: lines))
    #expect(strict.refused.map(\.line) == [1, 3])
    let kept = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: lines, keepLocked: true))
    #expect(kept.written)
    let hal = try await fixture.administration.account(named: "hal")
    #expect(hal.lock != nil)
    let gus = try await fixture.administration.account(named: "gus")
    #expect(gus.lock == nil)
  }

  @Test func aShadowExpiryThatCameIsALockAndOneToComeIsKeptUnlessDropped() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    let today = Int(fixture.clock.now().timeIntervalSince1970 / 86_400)
    let day = { (number: Int) in
      Date(timeIntervalSince1970: Double(number) * 86_400)
        .formatted(
          Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day())
    }
    let todayDate = day(today)
    let tomorrowDate = day(today + 1)
    let lines = [
      "kay:\(Self.sha512):19000:0:99999:7::\(today):",
      "lea:\(Self.sha512):19000:0:99999:7::\(today + 1):",
      "max:\(Self.sha512):19000:0:99999:7::-1:", "ned:\(Self.sha512):19000:0:99999:7::soon:",
    ]
    let strict = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: lines, dryRun: true))
    #expect(
      strict.refused.map(\.reason) == [
        "account expired on \(todayDate)", "account expiry (field 8) is not a day count",
      ])
    // The use case names the setting that would take a line in; the front end words it.
    #expect(strict.refused.map(\.remedy) == [.keepLocked, nil])
    // An expiry still to come is kept as the account's: refused from the start of its day.
    let tomorrowStart = Date(timeIntervalSince1970: Double(today + 1) * 86_400)
    #expect(strict.accepted.map(\.username) == ["lea", "max"])
    #expect(strict.accepted.map(\.expiresAt) == [tomorrowStart, nil])
    let kept = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(
        format: .shadow, lines: Array(lines.prefix(3)), keepLocked: true, dropExpiry: true))
    #expect(kept.written)
    #expect(kept.accepted.map(\.droppedExpiry) == [nil, tomorrowDate, nil])
    let kay = try await fixture.administration.account(named: "kay")
    #expect(kay.lock?.reason == "account expired on \(todayDate) (shadow)")
    #expect(try await fixture.administration.account(named: "lea").lock == nil)
    let events = try await fixture.events().filter { $0.kind == .accountImported }
    #expect(
      events.map(\.detail).contains("line 2; scheme sha512-crypt; expiry \(tomorrowDate) dropped"))
    #expect(try await fixture.administration.account(named: "lea").expiresAt == nil)

    let expiring = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .shadow, lines: ["lia" + lines[1].dropFirst(3)]))
    #expect(expiring.written)
    #expect(try await fixture.administration.account(named: "lia").expiresAt == tomorrowStart)
    #expect(
      try await fixture.events().last?.detail
        == "line 1; scheme sha512-crypt; expires on \(tomorrowDate)")
    // Its day came: the right password is refused as a locked account's.
    let check = SignInRequest(username: "lia", password: UseCaseFixture.password)
    fixture.clock.set(tomorrowStart.addingTimeInterval(-1))
    #expect(try await services(fixture).signIn.verify(request: check).isValid)
    fixture.clock.set(tomorrowStart)
    #expect(
      try await services(fixture).signIn.verify(request: check)
        == .invalid(errorMessage: AuthMessages.signInFailed))
    #expect(try await fixture.events().last?.detail == "expired (verify)")
  }

  @Test func aKeptHashSignsInOnceAndIsReplacedByArgon2id() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    let services = try services(fixture)
    let report = try await services.accountImport.importAccounts(
      AccountImportRequest(
        format: .shadow, lines: [shadow("ivy", Self.sha512), shadow("joe", Self.sha512)]))
    #expect(report.written)
    let before = fixture.hasher.counts
    let wrong = try await services.signIn.signIn(
      request: SignInRequest(username: "joe", password: UseCaseFixture.otherPassword))
    #expect(!wrong.isValid)
    // SHA-512-crypt costs far less than Argon2id: the rest is padded.
    #expect(fixture.hasher.counts.pad == before.pad + 1)
    let right = try await services.signIn.signIn(
      request: SignInRequest(username: "ivy", password: UseCaseFixture.password))
    #expect(right.isValid)
    let stored = try #require(try await record("ivy", in: fixture))
    #expect(stored.passwordHash.hasPrefix("$argon2id$"))
    let upgrade = try #require(try await fixture.events().first { $0.kind == .hashUpgraded })
    #expect(upgrade.detail.hasPrefix("hash upgraded from sha512-crypt to argon2id m="))
    // The new hash is Argon2id's: the same password signs in again, with no second upgrade.
    #expect(
      try await services.signIn.signIn(
        request: SignInRequest(username: "ivy", password: UseCaseFixture.password)
      ).isValid)
    #expect(try await fixture.events().filter { $0.kind == .hashUpgraded }.count == 1)
  }

  @Test func aHashDearerThanTheCurrentCostIsRefusedAtImport() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    // bcrypt at cost 14 takes several times an interactive Argon2id verify.
    let dear = "$2b$14$" + String(repeating: "a", count: 53)
    let report = try await importKim(dear, into: fixture)
    #expect(
      report.refused.first?.reason
        == "bcrypt cost 1179648 KiB × passes, above the most a sign-in may cost"
        + " (524288 KiB × passes)")
    // Raising the store's sign-in work admits nothing above that bound either.
    let raised = try await importKim(dear, raising: true, into: fixture)
    #expect(raised.refused.count == 1)
    #expect(raised.signInWork == nil)
  }

  @Test func raisingTheSignInWorkKeepsADearerHashAndTheStoreRemembersIt() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    // bcrypt at cost 12, Django's default: 294,912 against the default's 131,072.
    let dear = "$2b$12$" + String(repeating: "a", count: 53)
    let refused = try await importKim(dear, into: fixture)
    #expect(
      refused.refused.first?.reason
        == "bcrypt cost 294912 KiB × passes, above the store's sign-in work (131072)")
    // Raised to its work and the rate table's 10 % margin, rounded up: 294,912 + 29,492.
    #expect(refused.refused.first?.remedy == .raiseSignInWork(to: 324_404))
    let report = try await importKim(dear, raising: true, into: fixture)
    #expect(report.accepted.map(\.username) == ["kim"])
    #expect(report.signInWork == SignInWorkChange(from: 131_072, to: 324_404))
    let status = try #require(try await services(fixture).signInWork.status())
    #expect(status.work == 324_404)
    #expect(status.raised)
    #expect(status.keptAboveDefault == 1)
    #expect(status.dearestKept == 294_912)
    #expect(status.needed == 324_404)
    let events = try await fixture.events().filter { $0.kind == .signInWorkChanged }
    #expect(events.map(\.detail) == ["raised from 131072 to 324404 KiB × passes by an import"])
  }

  @Test func aHashWithinTheMarginBelowTheSignInWorkAsksForARaise() async throws {
    let fixture = try UseCaseFixture(cost: .interactive)
    // PBKDF2-SHA256 at 700,000 iterations: 129,500 by the rate table, under the default's
    // 131,072, but not by the 10 % margin the table's error asks for (142,450).
    let close = "pbkdf2_sha256$700000$salt$" + String(repeating: "A", count: 43) + "="
    let report = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .django, lines: ["kim:" + close]))
    #expect(
      report.refused.first?.reason
        == "django-pbkdf2-sha256 cost 129500 KiB × passes, which needs 142450 with the rate"
        + " table's 10 % margin, above the store's sign-in work (131072)")
    #expect(report.refused.first?.remedy == .raiseSignInWork(to: 142_450))
    // Argon2id's own work is exact: at the sign-in work, no margin is asked.
    let tail = "$c2FsdHNhbHRzYWx0c2FsdA$" + String(repeating: "A", count: 43)
    let own = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(format: .htpasswd, lines: ["lou:$argon2id$v=19$m=65536,t=2,p=1" + tail]))
    #expect(own.refused.isEmpty, "\(own.refused)")
  }

  @Test func argon2idIsJudgedByItsWorkNotParameterByParameter() async throws {
    let fixture = try UseCaseFixture()
    // 4× the minimum's memory and 4× its passes: 16× the work, refused; 1× is kept.
    let tail = "$c2FsdHNhbHRzYWx0c2FsdA$" + String(repeating: "A", count: 43)
    let report = try await services(fixture).accountImport.importAccounts(
      AccountImportRequest(
        format: .htpasswd,
        lines: ["kim:$argon2id$v=19$m=32,t=4,p=1" + tail, "lou:$argon2id$v=19$m=8,t=1,p=1" + tail]))
    #expect(report.accepted.map(\.username) == ["lou"])
    #expect(
      report.refused.first?.reason
        == "argon2id cost 128 KiB × passes, above the store's sign-in work (8)")
    #expect(report.refused.first?.remedy == .raiseSignInWork(to: 128))
  }
}
