import AuthCore
import AuthCrypto
import Testing

/// Recovery codes: their format, their randomness and their keyed hashes.
@Suite struct SodiumRecoveryCodesTests {
  let codes: SodiumRecoveryCodes

  init() throws {
    codes = SodiumRecoveryCodes(
      key: try SealingKey(keyFileContents: try SealingKey.newKeyFileContents()))
  }

  @Test func aSetIsTenDistinctCodesShownAsTwoGroupsOfFive() throws {
    let set = codes.makeCodes(count: RecoveryCode.setSize)
    #expect(set.count == 10)
    #expect(Set(set).count == 10)
    let alphabet = Set("0123456789abcdefghjkmnpqrstvwxyz")
    for code in set {
      let shown = Array(code.displayed)
      #expect(shown.count == 11 && shown[5] == "-")
      #expect(shown.enumerated().allSatisfy { $0.offset == 5 || alphabet.contains($0.element) })
      #expect(RecoveryCode(typed: code.displayed) == code)
      #expect(RecoveryCode(typed: code.displayed.uppercased()) == code)
      #expect("\(code)" == "RecoveryCode(redacted)")
    }
  }

  @Test func everyCharacterOfTheAlphabetTurnsUpInEveryPosition() throws {
    // 2,000 codes: a character missing from a position by chance has odds below 1e-25, so a
    // miss means bits are lost on the way from the random bytes to the characters.
    let many = codes.makeCodes(count: 2000)
    #expect(Set(many).count == 2000)
    for position in 0..<RecoveryCode.length {
      let seen = Set(many.map { Array($0.characters)[position] })
      #expect(seen.count == 32, "position \(position)")
    }
  }

  @Test(arguments: [
    ("abcde-fghjk", "abcdefghjk"), ("ABCDE FGHJK", "abcdefghjk"), ("0o1il-23456", "0011123456"),
    (" abcdefghjk ", "abcdefghjk"),
  ])
  func typedCodesIgnoreCaseSpacesAndHyphensAndReadLookalikes(typed: String, characters: String) {
    #expect(RecoveryCode(typed: typed)?.characters == characters)
  }

  @Test(arguments: ["", "abcde-fghj", "abcde-fghjkm", "abcde-fghju", "abcde_fghjk", "ａbcde-fghjk"])
  func textThatIsNotACodeIsNone(_ typed: String) {
    #expect(RecoveryCode(typed: typed) == nil)
  }

  @Test func hashesAre32BytesKeyedAndMatchInPlace() throws {
    let owner = UserID(rawValue: 7)
    let set = codes.makeCodes(count: 10)
    let hashes = set.map { codes.hash($0, of: owner) }
    #expect(hashes.allSatisfy { $0.rawValue.count == 32 })
    #expect(Set(hashes).count == 10)
    #expect(codes.hash(set[0], of: owner) == hashes[0])
    for (index, code) in set.enumerated() {
      #expect(codes.firstMatch(of: code, of: owner, in: hashes) == index)
    }
    let stranger = try #require(codes.makeCodes(count: 1).first)
    #expect(codes.firstMatch(of: stranger, of: owner, in: hashes) == nil)
    #expect(codes.firstMatch(of: set[0], of: owner, in: []) == nil)
    // A hash cut short, or empty, never matches.
    let cut = [RecoveryCodeHash(rawValue: Array(hashes[0].rawValue.prefix(16)))]
    #expect(codes.firstMatch(of: set[0], of: owner, in: cut) == nil)
    #expect(codes.firstMatch(of: set[0], of: owner, in: [RecoveryCodeHash(rawValue: [])]) == nil)
    // Under another key the same code hashes otherwise: the hashes need the key file.
    let other = SodiumRecoveryCodes(
      key: try SealingKey(keyFileContents: try SealingKey.newKeyFileContents()))
    #expect(other.hash(set[0], of: owner) != hashes[0])
    #expect(other.firstMatch(of: set[0], of: owner, in: hashes) == nil)
  }

  @Test func aHashIsGoodForItsOwnAccountOnly() throws {
    let code = try #require(codes.makeCodes(count: 1).first)
    let mallory = UserID(rawValue: 2)
    let victor = UserID(rawValue: 1)
    let copied = [codes.hash(code, of: mallory)]
    #expect(codes.hash(code, of: victor) != copied[0])
    #expect(codes.firstMatch(of: code, of: victor, in: copied) == nil)
    // Ids whose low bytes agree still differ (the whole id is in the salt).
    let far = UserID(rawValue: 2 + (1 << 40))
    #expect(codes.firstMatch(of: code, of: far, in: copied) == nil)
    // A set made before codes were bound still works until it is used or replaced.
    let unbound = [codes.unboundHash(code)]
    #expect(unbound != copied)
    #expect(codes.firstMatch(of: code, of: victor, in: unbound) == 0)
  }
}
