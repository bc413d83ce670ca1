import AuthCore
import AuthCrypto
import Testing

/// Secrets, the verify window and base32, over liboath.
@Suite struct OneTimePasswordTests {
  let otp: OathOneTimePasswords
  let seed = OneTimePasswordVectorTests.seed(20)

  init() throws {
    otp = try OathOneTimePasswords()
  }

  @Test func secretsAreRandomOfTheLengthAskedAndPrintRedacted() throws {
    let secret = try otp.makeSecret()
    #expect(secret.bytes.count == 20)
    #expect(try otp.makeSecret(byteCount: 64).bytes.count == 64)
    let secrets = try Set((1...200).map { _ in try otp.makeSecret() })
    #expect(secrets.count == 200)
    #expect("\(secret)" == "TOTPSecret(redacted)")
    #expect(throws: OneTimePasswordError.secretLengthOutOfRange(15)) {
      try otp.makeSecret(byteCount: 15)
    }
    #expect(throws: OneTimePasswordError.secretLengthOutOfRange(65)) {
      try otp.makeSecret(byteCount: 65)
    }
  }

  @Test func aCodeOneStepAwayIsAcceptedAndNamesItsStepTwoStepsAwayIsNot() throws {
    let step: UInt64 = 50_000_000
    for offset in -2...2 {
      let other = UInt64(Int64(step) + Int64(offset))
      let code = try otp.code(for: seed, atStep: other, parameters: .standard)
      let matched = try otp.verify(
        code, for: seed, nearStep: step, window: 1, parameters: .standard)
      #expect(matched == (abs(offset) <= 1 ? other : nil), "offset \(offset)")
    }
  }

  @Test func theWindowStopsAtStepZero() throws {
    let code = try otp.code(for: seed, atStep: 0, parameters: .standard)
    #expect(try otp.verify(code, for: seed, nearStep: 0, window: 1, parameters: .standard) == 0)
    #expect(try otp.verify(code, for: seed, nearStep: 1, window: 1, parameters: .standard) == 0)
    #expect(try otp.verify(code, for: seed, nearStep: 2, window: 1, parameters: .standard) == nil)
  }

  @Test(arguments: ["", "12345", "1234567", "12345a", " 123456", "１２３４５６", "-12345"])
  func textThatIsNotSixDigitsMatchesNothing(_ text: String) throws {
    #expect(try otp.verify(text, for: seed, nearStep: 1, window: 1, parameters: .standard) == nil)
  }

  @Test func theParametersChangeTheCode() throws {
    let secret = try otp.makeSecret(byteCount: 32)
    var codes: Set<String> = []
    for algorithm in TOTPParameters.Algorithm.allCases {
      let parameters = try TOTPParameters(algorithm: algorithm, digits: .eight)
      let code = try otp.code(for: secret, atStep: 7, parameters: parameters)
      #expect(code.count == 8 && code.allSatisfy(\.isASCII) && code.allSatisfy(\.isNumber))
      codes.insert(code)
    }
    #expect(codes.count == 3)
    // Six digits are the last six of eight (RFC 4226: the same number modulo 10^6).
    let eight = try otp.code(
      for: secret, atStep: 7, parameters: try TOTPParameters(digits: .eight))
    #expect(try otp.code(for: secret, atStep: 7, parameters: .standard) == String(eight.suffix(6)))
  }

  @Test func anEmptySecretIsRefused() throws {
    let empty = TOTPSecret(bytes: [])
    #expect(throws: OneTimePasswordError.emptySecret) {
      try otp.code(for: empty, atStep: 1, parameters: .standard)
    }
    #expect(throws: OneTimePasswordError.emptySecret) { try otp.base32(empty) }
  }

  @Test func base32IsUnpaddedUpperCaseAndReadsBackInAnyCaseOrSpacing() throws {
    // RFC 4648's own examples, the padding dropped.
    let examples = [
      "f": "MY", "fo": "MZXQ", "foo": "MZXW6", "foob": "MZXW6YQ", "fooba": "MZXW6YTB",
      "foobar": "MZXW6YTBOI",
    ]
    for (plain, encoded) in examples {
      let secret = TOTPSecret(bytes: Array(plain.utf8))
      #expect(try otp.base32(secret) == encoded)
      #expect(try otp.secret(base32: encoded) == secret)
      #expect(try otp.secret(base32: encoded.lowercased()) == secret)
    }
    let secret = try otp.makeSecret()
    let text = try otp.base32(secret)
    #expect(text.count == 32)
    #expect(try otp.secret(base32: text) == secret)
    let spaced = stride(from: 0, to: 32, by: 4).map {
      String(text.dropFirst($0).prefix(4))
    }.joined(separator: " ")
    #expect(try otp.secret(base32: spaced) == secret)
  }

  @Test(arguments: ["1", "MZXW6!", "MZXW6YTBOI0", "ÄÄ"])
  func textThatIsNotBase32IsRefused(_ text: String) throws {
    #expect(throws: OneTimePasswordError.invalidBase32) { try otp.secret(base32: text) }
  }
}
