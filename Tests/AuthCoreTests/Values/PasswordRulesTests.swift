import AuthCore
import Testing

@Suite struct PasswordRulesTests {
  private let tooShort = "Use at least 15 characters — a few words make a good passphrase"
  private let tooLong = "Use at most 256 characters"

  @Test func lengthIsCountedInCodePointsWithMultiByteCharacters() {
    // "é" is 2 UTF-8 bytes, "🔑" is 4: the bound counts code points, not bytes.
    #expect(
      Password.validate(String(repeating: "é", count: 14), username: "").errorMessage == tooShort)
    #expect(Password.validate(String(repeating: "é", count: 15), username: "").isValid)
    #expect(Password.validate(String(repeating: "🔑", count: 256), username: "").isValid)
    #expect(
      Password.validate(String(repeating: "🔑", count: 257), username: "").errorMessage == tooLong)
  }

  @Test func decomposedCharactersAreCountedAfterNormalisation() {
    // 15 × ("e" + combining acute) is 30 code points typed, 15 after NFKC.
    let decomposed = String(repeating: "e\u{301}", count: 15)
    #expect(decomposed.unicodeScalars.count == 30)
    #expect(
      Password.validate(decomposed, username: "").asValidated?.normalized.unicodeScalars.count == 15
    )
    let fourteen = String(repeating: "e\u{301}", count: 14)
    #expect(Password.validate(fourteen, username: "").errorMessage == tooShort)
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
    #expect(CommonPasswords.count > 19_000)
    #expect(CommonPasswords.contains("password"))
    #expect(CommonPasswords.contains("QWERTY"))
    #expect(!CommonPasswords.contains("correct horse battery staple"))
  }

  @Test func noCompositionRules() {
    #expect(Password.validate("all lowercase words only", username: "").isValid)
    #expect(Password.validate("333333333333333333333333", username: "").isValid)
  }

  @Test func customBoundsComeFromThePolicy() {
    let rules = PasswordRules(minimumLength: 4, maximumLength: 5)
    #expect(Password.validate("wxyq", username: "", rules: rules).isValid)
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
}
