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
    let set = codes.makeCodes(count: 10)
    let hashes = set.map(codes.hash)
    #expect(hashes.allSatisfy { $0.rawValue.count == 32 })
    #expect(Set(hashes).count == 10)
    #expect(codes.hash(set[0]) == hashes[0])
    for (index, code) in set.enumerated() {
      #expect(codes.firstMatch(of: code, in: hashes) == index)
    }
    let stranger = try #require(codes.makeCodes(count: 1).first)
    #expect(codes.firstMatch(of: stranger, in: hashes) == nil)
    #expect(codes.firstMatch(of: set[0], in: []) == nil)
    // A hash cut short, or empty, never matches.
    let cut = [RecoveryCodeHash(rawValue: Array(hashes[0].rawValue.prefix(16)))]
    #expect(codes.firstMatch(of: set[0], in: cut) == nil)
    #expect(codes.firstMatch(of: set[0], in: [RecoveryCodeHash(rawValue: [])]) == nil)
    // Under another key the same code hashes otherwise: the hashes need the key file.
    let other = SodiumRecoveryCodes(
      key: try SealingKey(keyFileContents: try SealingKey.newKeyFileContents()))
    #expect(other.hash(set[0]) != hashes[0])
    #expect(other.firstMatch(of: set[0], in: hashes) == nil)
  }
}
