import Testing

@testable import AuthCLI

/// The export line's one type both ways, and the parser under it.
@Suite struct ExportLineTests {
  private func parsed(_ text: String) throws -> JSONValue {
    try JanssonParser.shared.get().parse(text).get()
  }

  private func decoded(_ line: String) throws -> AccountExportLine {
    try JSONTreeDecoder.decode(AccountExportLine.self, from: try parsed(line))
  }

  /// Lines as `users export` writes them: decoded and encoded again, byte for byte.
  @Test(arguments: [
    #"{"created_at":"2026-01-02T03:04:05Z","expires_at":null,"last_sign_in_at":null,"lock_reason":null,"locked":false,"locked_at":null,"password_change_required":false,"password_hash":"$argon2id$v=19$m=8,t=1,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo","second_factor":false,"updated_at":"2026-01-02T03:04:05Z","username":"ada"}"#,
    #"{"created_at":"2026-01-02T03:04:05Z","expires_at":null,"last_sign_in_at":"2026-02-01T00:00:00Z","lock_reason":"a \"b\"\n\\c","locked":true,"locked_at":"2026-01-09T00:00:00Z","password_change_required":true,"password_hash":"x","recovery_codes_left":4,"second_factor":true,"second_factor_algorithm":"SHA256","second_factor_created_at":"2026-01-02T03:04:05Z","second_factor_digits":8,"second_factor_last_accepted_step":59000000,"second_factor_period":60,"second_factor_sealed_for_id":9007199254740993,"second_factor_sealed_secret":"AAECAw==","second_factor_state":"enabled","second_factor_updated_at":"2026-01-03T03:04:05Z","updated_at":"2026-01-03T00:00:00Z","username":"bob"}"#,
    #"{"created_at":"2026-01-02T03:04:05Z","expires_at":"2099-01-01T00:00:00Z","last_sign_in_at":null,"lock_reason":null,"locked":false,"locked_at":null,"password_change_required":false,"password_hash":"x","second_factor":false,"updated_at":"2026-01-02T03:04:05Z","username":"cy"}"#,
  ])
  func aLineReadBackIsWrittenTheSame(_ line: String) throws {
    let account = try decoded(line)
    #expect(account.saysSecondFactor)
    #expect(try JSONText.line(account) == line + "\n")
  }

  @Test func aLineWithoutTheSecondFactorKeyIsAnOlderRelease() throws {
    let line = try decoded(#"{"username":"ada","password_hash":"x"}"#)
    #expect(!line.saysSecondFactor)
    #expect(line.account.secondFactor == nil && line.account.lock == nil)
    #expect(line.account.expiresAt == nil)
    #expect(!line.account.passwordChangeRequired)
  }

  @Test func integersPastSixtyFourBitsAreRealsAndTheRestStayIntegers() throws {
    let value = try parsed(#"{"big":18446744073709551616,"small":7,"max":9223372036854775807}"#)
    #expect(
      value
        == .object([
          ("big", .real(18_446_744_073_709_551_616)), ("small", .integer(7)),
          ("max", .integer(.max)),
        ]))
    let edges = try parsed("[-9223372036854775809, -9223372036854775808, 9007199254740993, 1e2]")
    #expect(
      edges
        == .array([
          .real(-9_223_372_036_854_775_808), .integer(.min), .integer(9_007_199_254_740_993),
          .real(100),
        ]))
  }

  @Test func aStringMayHoldUPlus0000AndEscapedSurrogates() throws {
    #expect(try parsed(#""a\u0000b\ud83e\udd8a""#) == .string("a\u{0}b\u{1F98A}"))
  }

  @Test(arguments: ["", "{", "{} {}", "[1,]", "{\"a\":1}x", "'a'", "nul"])
  func textThatIsNotOneJSONValueIsRefused(_ text: String) throws {
    #expect(throws: JanssonParser.Refusal.self) { try parsed(text) }
  }

  @Test func typesAreStrict() throws {
    struct Numbers: Decodable {
      let count: Int64
      let name: String
    }
    #expect(throws: DecodingError.self) {
      try JSONTreeDecoder.decode(Numbers.self, from: try parsed(#"{"count":1.5,"name":"a"}"#))
    }
    #expect(throws: DecodingError.self) {
      try JSONTreeDecoder.decode(Numbers.self, from: try parsed(#"{"count":1,"name":2}"#))
    }
    let numbers = try JSONTreeDecoder.decode(
      Numbers.self, from: try parsed(#"{"count":1,"count":2,"name":"a"}"#))
    #expect(numbers.count == 2)
  }
}
