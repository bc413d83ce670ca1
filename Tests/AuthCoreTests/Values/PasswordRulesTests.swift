import AuthCore
import Foundation
import Testing

@Suite struct PasswordRulesTests {
  private let tooShort = "Use at least 15 characters — a few words make a good passphrase"
  private let tooLong = "Use at most 256 characters"

  @Test func lengthIsCountedInCodePointsWithMultiByteCharacters() {
    // Accented letters are 2 UTF-8 bytes, emoji 4: the bound counts code points, not bytes.
    // (Distinct characters, so that no repetition rule applies.)
    #expect(
      Password.validate(accented(14), username: "").errorMessage == tooShort)
    #expect(Password.validate(accented(15), username: "").isValid)
    #expect(Password.validate(emoji(256), username: "").isValid)
    #expect(Password.validate(emoji(257), username: "").errorMessage == tooLong)
  }

  @Test func decomposedCharactersAreCountedAfterNormalisation() {
    // 15 × (a letter + combining acute) is 30 code points typed, 15 after NFKC.
    let decomposed = String(Self.acuteBases.prefix(15).flatMap { [$0, "\u{301}"] })
    #expect(decomposed.unicodeScalars.count == 30)
    #expect(
      Password.validate(decomposed, username: "").asValidated?.normalized.unicodeScalars.count == 15
    )
    let fourteen = String(Self.acuteBases.prefix(14).flatMap { [$0, "\u{301}"] })
    #expect(Password.validate(fourteen, username: "").errorMessage == tooShort)
  }

  /// Letters that each have a precomposed form with an acute accent.
  static let acuteBases: [Character] = Array("aeiouycnszrlgkw")

  /// `count` distinct two-byte letters.
  private func accented(_ count: Int) -> String {
    String(Array("áéíóúýćńśźŕĺǵḱẃàèìòùäëïöüÿçñ").prefix(count))
  }

  /// `count` distinct four-byte emoji, spaced so that none follows another.
  private func emoji(_ count: Int) -> String {
    String(String.UnicodeScalarView((0..<count).compactMap { Unicode.Scalar(0x1F300 + $0 * 3) }))
  }

  @Test func precomposedAndDecomposedFormsAreTheSamePassword() {
    #expect(Password("caf\u{E9} au lait please") == Password("cafe\u{301} au lait please"))
  }

  @Test func spacesAreKeptNotTrimmed() {
    let password = Password.validate("  padded passphrase  ", username: "").asValidated
    #expect(password?.normalized == "  padded passphrase  ")
    #expect(Password("   ") != Password(" "))
  }

  @Test func emptyAsksForAPassword() {
    #expect(Password.validate("", username: "bob").errorMessage == "Enter a password")
  }

  @Test func containingTheUsernameIsRefusedWhateverTheCase() {
    let message = "Don't include your username"
    #expect(
      Password.validate("my name is ALICE and so on", username: "alice").errorMessage == message)
    #expect(
      Password.validate("ｍｙ ａｌｉｃｅ passphrase here", username: "Alice").errorMessage == message)
    #expect(Password.validate("my name is bob and so on", username: "alice").isValid)
  }

  @Test func commonPasswordsAreRefusedIgnoringCase() {
    let message = "This password is too common"
    // Entries of the embedded list that are long enough to pass the length rule.
    #expect(Password.validate("polniypizdec0211", username: "").errorMessage == message)
    #expect(Password.validate("POLNIYPIZDEC0211", username: "").errorMessage == message)
    #expect(Password.validate("yfdbufnjh10305070", username: "").errorMessage == message)
    #expect(Password.validate("polniypizdec0212 not listed", username: "").isValid)
  }

  @Test func blocklistHoldsTheWholeEmbeddedList() {
    // 337,332 distinct keys of the 341,041 published long passwords, plus Django's list.
    #expect(CommonPasswords.count > 337_332)
    #expect(CommonPasswords.count < 337_332 + 19_640)
    #expect(CommonPasswords.contains("password"))
    #expect(CommonPasswords.contains("QWERTY"))
    #expect(!CommonPasswords.contains("correct horse battery staple"))
  }

  @Test func noCompositionRules() {
    #expect(Password.validate("all lowercase words only", username: "").isValid)
    #expect(Password.validate("739284615027384956", username: "").isValid)
  }

  @Test func customBoundsComeFromThePolicy() {
    let rules = PasswordRules(minimumLength: 4, maximumLength: 5)
    #expect(Password.validate("wqxe", username: "", rules: rules).isValid)
    #expect(
      Password.validate("abcdef", username: "", rules: rules).errorMessage
        == "Use at most 5 characters")
  }

  @Test func confirmationMustRepeatThePassword() {
    #expect(Password.validateConfirmation("", of: "abc").errorMessage == "Type the password again")
    #expect(
      Password.validateConfirmation("abd", of: "abc").errorMessage == "Passwords do not match")
    #expect(Password.validateConfirmation("cafe\u{301}", of: "caf\u{E9}").isValid)
  }

  @Test func enteredPasswordsOnlyNeedToBeThere() {
    #expect(Password.validateEntered("").errorMessage == "Enter your password")
    #expect(Password.validateEntered("short").isValid)
  }

  @Test func descriptionsNeverShowTheSecret() {
    let password = Password("correct horse battery staple")
    #expect(!"\(password)".contains("horse"))
    #expect(!String(reflecting: password).contains("horse"))
  }

  @Test(
    "the examples that were accepted before are each refused",
    arguments: [
      ("aaaaaaaaaaaaaaa", "This password is too common"),
      ("123456789012345", "This password is too common"),
      ("passwordpassword", "This password is too common"),
      ("password1234567", "This password is too common"),
      ("qwertyuiopasdfgh", "This password is too common"),
      ("abcdefghijklmnop", "This password is too common"),
      ("PassWordPassWord", "This password is too common"),
      ("authcliauthcli12", "Don't include \"authcli\""),
      ("my AUTHCLI passphrase", "Don't include \"authcli\""),
      ("ｐａｓｓｗｏｒｄｐａｓｓｗｏｒｄ", "This password is too common"),
    ])
  func refusedExamples(password: String, message: String) {
    #expect(Password.validate(password, username: "someone").errorMessage == message)
  }

  @Test(
    "passwords made mostly of a repeated unit or of runs are refused",
    arguments: [
      "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb!", "xyzxyzxyzxyzxyzxyz", "zyxwvutsrqponmlkji",
      "9876543210987654 3", "asdfghjkl;asdfghjkl;", "qazqazqazqazqazqaz", "0987654321poiuytrewqlk",
      "mnbvcxzmnbvcxzmnbv",
      "abcdefgh12345678!", "hello!hello!hello!hello!",
    ])
  func predictable(password: String) {
    #expect(
      Password.validate(password, username: "").errorMessage
        == "Avoid repeated characters and runs like abcd, 1234 or qwerty")
  }

  @Test(
    "ordinary passphrases pass the structural rules",
    arguments: [
      "correct horse battery staple", "plum tractor dawn whistle", "fixture pass phrase number 0",
      "Zoë's 7 tiny dragons", "the abc of quiet harbours", "my 2 cats eat 1234 fish a day",
      "überschallgeschwindigkeit", "日本語のパスフレーズです、長いもの",
    ])
  func ordinary(password: String) {
    #expect(Password.validate(password, username: "").isValid, "\(password)")
  }

  @Test("every published entry of the source file is on the list, in any letter case")
  func sourceEntries() throws {
    let source = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Data/common-passwords-15plus.txt")
    let text = try String(contentsOf: source, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 341_041)
    // Every 61st entry (5,591 of them), upper-cased as typed.
    for line in lines.enumerated().filter({ $0.offset % 61 == 0 }).map(\.element) {
      let typed = Password(String(line).uppercased())
      #expect(CommonPasswords.contains(typed.normalized), "\(line)")
    }
    #expect(!CommonPasswords.contains(""))
    #expect(!CommonPasswords.contains("\n"))
    #expect(!CommonPasswords.contains("zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz not listed"))
  }
}
