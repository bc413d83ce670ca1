import AuthCore
import Testing

/// The one rule for what a stored hash may cost: every field counted, the limit at import
/// (the current work) and at sign-in (4× it), and nothing undecodable admitted.
@Suite struct HashWorkRuleTests {
  static let salted = "$saltsaltsaltsalt$" + String(repeating: "A", count: 43)
  static let argon2Tail = "$c2FsdHNhbHRzYWx0c2FsdA$" + String(repeating: "A", count: 43)

  static func work(_ text: String) throws -> Int { try LegacyPasswordHash(parsing: text).work }

  @Test func yescryptCountsItsTimeAndLanes() throws {
    // The default (N = 4096, r = 32, t = 0) keeps the rate table's cost: 16 MiB at 1.95.
    let plain = try Self.work("$y$j9T" + Self.salted)
    #expect(plain == 31949)
    // t = 1 reads the memory 5/3 times against 4/3; t = 2400 2400 times.
    #expect(try Self.work("$y$j9T/." + Self.salted) == Int((31948.8 * 5 / 4).rounded()))
    #expect(try Self.work("$y$j9T/sQj" + Self.salted) == Int((31948.8 * 1800).rounded()))
    // p = 2, counted as two passes.
    #expect(try Self.work("$y$j9T.." + Self.salted) == 2 * plain)
  }

  @Test func theLargestSettingsSaturateInsteadOfWrapping() throws {
    let extremes = [
      "$2b$31$" + String(repeating: "a", count: 53),
      "$6$rounds=999999999$salt$" + String(repeating: "A", count: 86),
      "pbkdf2_sha256$4294967295$salt$" + String(repeating: "A", count: 43) + "=",
      "$y$jkCy/k.D" + Self.salted,
      "$y$jbs4r0wIFiwAwz" + Self.salted,
      "$argon2id$v=19$m=4294967295,t=4294967295,p=1" + Self.argon2Tail,
    ]
    for text in extremes {
      let hash = try LegacyPasswordHash(parsing: text)
      #expect(hash.work > 131_072, "\(text)")
      let verdict = HashWorkRule.judge(text, currentWork: 131_072, at: .signIn)
      guard case .tooCostly(_, let work, let limit) = verdict else {
        Issue.record("\(text): \(verdict)")
        continue
      }
      #expect(work == hash.work && limit == 4 * 131_072)
    }
    #expect(try Self.work("$y$jkCy/k.D" + Self.salted) == Int.max)
  }

  @Test func theLimitIsTheCurrentWorkAtImportAndFourTimesItAtSignIn() throws {
    let twice = "$argon2id$v=19$m=16,t=1,p=1" + Self.argon2Tail
    #expect(HashWorkRule.limit(at: .import, currentWork: 8) == 8)
    #expect(HashWorkRule.limit(at: .signIn, currentWork: 8) == 32)
    #expect(HashWorkRule.limit(at: .signIn, currentWork: Int.max) == Int.max)
    let hash = try LegacyPasswordHash(parsing: twice)
    #expect(HashWorkRule.judge(twice, currentWork: 8, at: .signIn) == .admitted(hash))
    #expect(
      HashWorkRule.judge(twice, currentWork: 8, at: .import)
        == .tooCostly(hash, work: 16, limit: 8))
    // A hasher without a cost states no limit.
    #expect(HashWorkRule.judge(twice, currentWork: nil, at: .import) == .admitted(hash))
  }

  @Test func aKeptHashNeedsItsWorkAndTheRateTablesMarginRoundedUpButArgon2idItsWorkAlone()
    throws
  {
    // bcrypt at 12 rounds: 294,912 by the table, and 10 % of it, 29,491.2, rounded up.
    let bcrypt = try LegacyPasswordHash(parsing: "$2b$12$" + String(repeating: "a", count: 53))
    #expect(HashWorkRule.neededSignInWork(for: bcrypt) == 294_912 + 29_492)
    // A work whose tenth is whole takes nothing more.
    let pbkdf2 = try LegacyPasswordHash(
      parsing: "pbkdf2_sha256$1000000$salt$" + String(repeating: "A", count: 43) + "=")
    #expect(pbkdf2.work == 185_000)
    #expect(HashWorkRule.neededSignInWork(for: pbkdf2) == 203_500)
    let own = try LegacyPasswordHash(parsing: "$argon2id$v=19$m=65536,t=2,p=1" + Self.argon2Tail)
    #expect(HashWorkRule.neededSignInWork(for: own) == 131_072)
    // Saturates rather than wrapping around to a small need.
    let extreme = try LegacyPasswordHash(parsing: "$y$jkCy/k.D" + Self.salted)
    #expect(HashWorkRule.neededSignInWork(for: extreme) == Int.max)
    // Within the most a sign-in may cost by its work, beyond it by its need: refused, saying so.
    let near = try LegacyPasswordHash(
      parsing: "pbkdf2_sha256$2800000$salt$" + String(repeating: "A", count: 43) + "=")
    let refusal = HashWorkRule.importRefusal(of: near, signInWork: 131_072, raising: true)
    #expect(
      refusal?.reason
        == "django-pbkdf2-sha256 cost 518000 KiB × passes, which needs 569800 with the rate"
        + " table's 10 % margin, above the most a sign-in may cost (524288 KiB × passes)")
    #expect(refusal?.remedy == nil)
    // Raising admits what the most covers, without a remedy; not raising names the need.
    #expect(HashWorkRule.importRefusal(of: pbkdf2, signInWork: 131_072, raising: true) == nil)
    #expect(
      HashWorkRule.importRefusal(of: pbkdf2, signInWork: 131_072, raising: false)?.remedy
        == .raiseSignInWork(to: 203_500))
    #expect(HashWorkRule.importRefusal(of: pbkdf2, signInWork: 203_500, raising: false) == nil)
  }

  @Test func aKnownSchemeThatCannotBeDecodedIsUndecodableAndAnyOtherStringIsLeftAlone() {
    let cut = "$y$j9T/" + Self.salted
    guard
      case .undecodable(.malformed(.yescrypt, _)) = HashWorkRule.judge(
        cut, currentWork: 8, at: .signIn)
    else {
      Issue.record("\(cut) was decoded")
      return
    }
    for text in ["x", "", "$argon2i$v=19$m=8,t=1,p=1" + Self.argon2Tail, "$1$abc$def"] {
      #expect(HashWorkRule.judge(text, currentWork: 8, at: .signIn) == .notRead, "\(text)")
    }
  }
}
