import AuthCore
import Foundation
import Testing

/// The second factor's values: TOTP parameters, the otpauth URI and typed recovery codes.
@Suite struct SecondFactorValueTests {
  @Test func theStandardIsWhatAuthenticatorAppsAssume() throws {
    let standard = TOTPParameters.standard
    #expect(standard.algorithm == .sha1 && standard.digits == .six && standard.period == 30)
    #expect(try TOTPParameters() == standard)
  }

  @Test(arguments: [0, 14, 121, -30])
  func periodsOutsideTheRangeAreRefused(_ period: Int) {
    #expect(throws: TOTPParametersError.periodOutOfRange(period)) {
      try TOTPParameters(period: period)
    }
  }

  @Test func stepsCountPeriodsSinceTheEpochAndAClockBefore1970IsInStepZero() throws {
    let standard = TOTPParameters.standard
    #expect(standard.step(at: Date(timeIntervalSince1970: 59)) == 1)
    #expect(standard.step(at: Date(timeIntervalSince1970: 60)) == 2)
    #expect(standard.step(at: Date(timeIntervalSince1970: 89.999)) == 2)
    #expect(standard.step(at: Date(timeIntervalSince1970: 20_000_000_000)) == 666_666_666)
    #expect(standard.step(at: Date(timeIntervalSince1970: -1)) == 0)
    #expect(try TOTPParameters(period: 60).step(atUnixTime: 1_111_111_109) == 18_518_518)
  }

  @Test func theURIHasTheFormatAuthenticatorAppsRead() throws {
    let uri = try OTPAuthURI(
      issuer: "authcli", account: "alice", base32Secret: "JBSWY3DPEHPK3PXP",
      parameters: .standard)
    #expect(
      uri.text
        == "otpauth://totp/authcli:alice?secret=JBSWY3DPEHPK3PXP&issuer=authcli&algorithm=SHA1"
        + "&digits=6&period=30")
    #expect("\(uri)" == "OTPAuthURI(redacted)")
    let eight = try OTPAuthURI(
      issuer: "authcli", account: "bob", base32Secret: "MZXW6",
      parameters: try TOTPParameters(algorithm: .sha256, digits: .eight, period: 60))
    #expect(
      eight.text.hasSuffix("?secret=MZXW6&issuer=authcli&algorithm=SHA256&digits=8&period=60"))
  }

  /// Foundation's own URL parser reads back every field, whatever characters it holds.
  @Test(arguments: [
    ("Ex Ample & Co+", "bob.o'neil"), ("Zürich/Bank?#", "名前 =1%"), ("a", "b"),
  ])
  func everyFieldReadsBackThroughAURLParser(issuer: String, account: String) throws {
    let uri = try OTPAuthURI(
      issuer: issuer, account: account, base32Secret: "MZXW6YTBOI", parameters: .standard)
    let parsed = try #require(URLComponents(string: uri.text))
    #expect(parsed.scheme == "otpauth" && parsed.host == "totp")
    #expect(parsed.path == "/\(issuer):\(account)")
    // Only unreserved characters are left as they are: a strict reader accepts it all.
    let unreserved = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~%")
    #expect(parsed.percentEncodedPath.dropFirst().split(separator: ":").count == 2)
    #expect(
      parsed.percentEncodedPath.dropFirst().allSatisfy { unreserved.contains($0) || $0 == ":" })
    let items = Dictionary(
      uniqueKeysWithValues: (parsed.queryItems ?? []).map { ($0.name, $0.value ?? "") })
    #expect(
      items == [
        "secret": "MZXW6YTBOI", "issuer": issuer, "algorithm": "SHA1", "digits": "6",
        "period": "30",
      ])
  }

  @Test(arguments: [("", "alice"), ("authcli", ""), ("auth:cli", "alice"), ("authcli", "al:ice")])
  func anEmptyIssuerOrAccountOrOneWithAColonIsRefused(issuer: String, account: String) {
    #expect(throws: OTPAuthURIError.self) {
      try OTPAuthURI(
        issuer: issuer, account: account, base32Secret: "MZXW6", parameters: .standard)
    }
  }

  @Test func recoveryCodesAreTenSymbolsOfTheAlphabet() throws {
    #expect(RecoveryCode.alphabet.count == 32 && Set(RecoveryCode.alphabet).count == 32)
    let code = try #require(RecoveryCode(symbols: [0, 1, 2, 3, 4, 27, 28, 29, 30, 31]))
    #expect(code.characters == "01234vwxyz")
    #expect(code.displayed == "01234-vwxyz")
    #expect(RecoveryCode(typed: "O1234-VWXYZ") == code)
    #expect(RecoveryCode(symbols: [0, 1, 2]) == nil)
    #expect(RecoveryCode(symbols: [UInt8](repeating: 32, count: 10)) == nil)
    #expect("\(code)" == "RecoveryCode(redacted)" && !"\(code)".contains("vwxyz"))
  }
}
