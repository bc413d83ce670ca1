import AuthCore
import Foundation
import Testing

/// The operator's way to the store's sign-in work: bounded by the default, by what the kept
/// hashes need (their work and the rate table's margin) and by the most a sign-in may cost;
/// a refusal changes nothing, and each change, and only a change, is audited.
@Suite struct SignInWorkServiceTests {
  /// bcrypt at cost 4: 72 × 16 = 1,152 by the rate table, needing 1,152 + 116 = 1,268.
  static let keptHash = "$2b$04$" + String(repeating: "a", count: 53)

  static func fixtureWithAKeptHash() async throws -> UseCaseFixture {
    let fixture = try UseCaseFixture()
    let name = try #require(Username.validate("kim").asValidated)
    _ = try await fixture.store.write {
      try $0.insertUser(username: name, passwordHash: Self.keptHash, at: Date())
    }
    return fixture
  }

  @Test func theWorkIsRefusedOutsideItsBoundsAndNothingChanges() async throws {
    let fixture = try await Self.fixtureWithAKeptHash()
    let service = fixture.services.signInWork
    let status = try #require(try await service.status())
    // The minimum cost: 8 KiB × 1 pass.
    #expect(status.defaultWork == 8 && status.work == 8 && !status.raised)
    #expect(status.keptAboveDefault == 1 && status.dearestKept == 1_152)
    #expect(status.needed == 1_268)
    #expect(
      try await service.set(to: 4).failure == .belowDefault(requested: 4, defaultWork: 8))
    #expect(
      try await service.set(to: 1_267).failure
        == .belowKeptHashes(requested: 1_267, needed: 1_268))
    #expect(
      try await service.set(to: 524_289).failure
        == .aboveMost(requested: 524_289, most: 524_288))
    #expect(try await service.status() == status)
    #expect(try await fixture.events().filter { $0.kind == .signInWorkChanged }.isEmpty)
  }

  @Test func eachChangeIsAuditedWithBothWorksAndNoChangeIsNot() async throws {
    let fixture = try await Self.fixtureWithAKeptHash()
    let service = fixture.services.signInWork
    let raised = try #require(try await service.set(to: 2_000).success)
    #expect(raised.before.work == 8 && raised.after.work == 2_000 && raised.after.raised)
    let fitted = try #require(try await service.set(to: nil).success)
    #expect(fitted.after.work == 1_268)
    _ = try #require(try await service.set(to: 1_268).success)
    let details = try await fixture.events().filter { $0.kind == .signInWorkChanged }
      .map(\.detail)
    #expect(
      details == [
        "raised from 8 to 2000 KiB × passes, set by an operator",
        "lowered from 2000 to 1268 KiB × passes, fitted to the kept hashes",
      ])
  }
}

extension Result {
  fileprivate var failure: Failure? {
    if case .failure(let failure) = self { return failure }
    return nil
  }

  fileprivate var success: Success? {
    if case .success(let success) = self { return success }
    return nil
  }
}
