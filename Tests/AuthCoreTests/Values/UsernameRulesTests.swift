import AuthCore
import Testing

@Suite struct UsernameRulesTests {
  @Test func canonicalFormIsTrimmedNormalisedAndLowercased() {
    #expect(Username.validate("  Alice.Smith_1-x \n").asValidated?.canonical == "alice.smith_1-x")
  }

  @Test func fullwidthLettersBecomeTheirAsciiForm() {
    #expect(Username.validate("ＡＬＩＣＥ").asValidated?.canonical == "alice")
    #expect(Username.validate("ＡＬＩＣＥ") == Username.validate("alice"))
  }

  @Test(arguments: ["", "   ", "\t\n"])
  func emptyAsksForAUsername(_ raw: String) {
    #expect(Username.validate(raw).errorMessage == "Enter a username")
  }

  @Test func lengthBoundsAreInclusive() {
    let message = "Use 3 to 32 characters"
    #expect(Username.validate("ab").errorMessage == message)
    #expect(Username.validate("abc").isValid)
    #expect(Username.validate(String(repeating: "a", count: 32)).isValid)
    #expect(Username.validate(String(repeating: "a", count: 33)).errorMessage == message)
  }

  @Test(arguments: ["al ice", "alice!", "al@ice", "zoë", "алиса", "a+b", "名前です"])
  func charactersOutsideTheSetAreRefused(_ raw: String) {
    #expect(Username.validate(raw).errorMessage == "Use only letters, digits, '.', '_' and '-'")
  }

  @Test(arguments: [".alice", "_alice", "-alice"])
  func punctuationCannotStart(_ raw: String) {
    #expect(Username.validate(raw).errorMessage == "Start with a letter or a digit")
  }

  @Test(arguments: ["0day", "a.b", "a_b-c.9"])
  func lettersDigitsAndThreeMarksPass(_ raw: String) {
    #expect(Username.validate(raw).asValidated?.canonical == raw)
  }

  @Test func customBoundsComeFromTheRules() {
    let rules = UsernameRules(minimumLength: 5, maximumLength: 6)
    #expect(Username.validate("abcd", rules: rules).errorMessage == "Use 5 to 6 characters")
    #expect(Username.validate("abcde", rules: rules).isValid)
  }

  @Test func canonicalizeAcceptsAnyText() {
    #expect(Username.canonicalize(" ＢＯＢ!! ") == "bob!!")
  }
}
