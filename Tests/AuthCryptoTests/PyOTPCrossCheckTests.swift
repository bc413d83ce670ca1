import AuthCore
import AuthCrypto
import Testing

/// Codes and the `otpauth://` URI checked against Python's pyotp, written independently of
/// liboath and of this package: random secrets, times and parameters.
@Suite(.enabled(if: Python.runsPyOTPTests, "needs Python's pyotp (script/setup)"))
struct PyOTPCrossCheckTests {
  let otp: OathOneTimePasswords

  init() throws {
    otp = try OathOneTimePasswords()
  }

  static func hex(_ bytes: [UInt8]) -> String {
    bytes.map {
      String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
    }
    .joined()
  }

  @Test func codesForRandomSecretsTimesAndParametersAreThoseOfPyotp() throws {
    var generator = SystemRandomNumberGenerator()
    var cases: [(TOTPSecret, UInt64, TOTPParameters)] = []
    for index in 0..<300 {
      let secret = try otp.makeSecret(byteCount: Int.random(in: 16...64, using: &generator))
      // Mostly times around now; some up to the RFC's year-2603 time and beyond 2^32.
      let time =
        index % 10 == 0
        ? UInt64.random(in: 0...40_000_000_000, using: &generator)
        : UInt64.random(in: 1_700_000_000...2_000_000_000, using: &generator)
      let parameters = try TOTPParameters(
        algorithm: TOTPParameters.Algorithm.allCases.randomElement(using: &generator) ?? .sha1,
        digits: TOTPParameters.Digits.allCases.randomElement(using: &generator) ?? .six,
        period: index % 3 == 0 ? Int.random(in: TOTPParameters.periodRange, using: &generator) : 30
      )
      cases.append((secret, time, parameters))
    }
    let input = cases.map { secret, time, parameters in
      "\(Self.hex(secret.bytes)) \(time) \(parameters.algorithm.rawValue)"
        + " \(parameters.digits.rawValue) \(parameters.period)"
    }.joined(separator: "\n")
    let expected = try Python.lines(
      """
      import base64, hashlib, sys, pyotp
      for line in sys.stdin.read().splitlines():
          key, time, algorithm, digits, period = line.split()
          secret = base64.b32encode(bytes.fromhex(key)).decode()
          totp = pyotp.TOTP(secret, digits=int(digits), interval=int(period),
                            digest=getattr(hashlib, algorithm.lower()))
          print(totp.at(int(time)))
      """, input: input)
    try #require(expected.count == cases.count)
    for ((secret, time, parameters), code) in zip(cases, expected) {
      let step = parameters.step(atUnixTime: time)
      #expect(try otp.code(for: secret, atStep: step, parameters: parameters) == code)
      #expect(
        try otp.verify(code, for: secret, nearStep: step, window: 1, parameters: parameters)
          == step)
    }
  }

  @Test(arguments: [
    ("authcli", "alice"), ("Ex Ample & Co+", "bob.o'neil"), ("Zürich/Bank?", "名前 #1"),
  ])
  func pyotpReadsTheURIBackWithTheSameCodes(issuer: String, account: String) throws {
    let secret = try otp.makeSecret()
    for parameters in [
      TOTPParameters.standard, try TOTPParameters(algorithm: .sha512, digits: .eight, period: 60),
    ] {
      let uri = try OTPAuthURI(
        issuer: issuer, account: account, base32Secret: try otp.base32(secret),
        parameters: parameters)
      let time: UInt64 = 1_800_000_000
      let fields = try Python.lines(
        """
        import base64, sys, pyotp
        key, uri = sys.stdin.read().split("\\n")
        totp = pyotp.parse_uri(uri)
        print(totp.secret == base64.b32encode(bytes.fromhex(key)).decode().rstrip("="))
        print(totp.issuer)
        print(totp.name)
        print(totp.digest().name)
        print(totp.digits)
        print(totp.interval)
        print(totp.at(\(time)))
        """, input: "\(Self.hex(secret.bytes))\n\(uri.text)")
      let code = try otp.code(
        for: secret, atStep: parameters.step(atUnixTime: time), parameters: parameters)
      #expect(
        fields == [
          "True", issuer, account, parameters.algorithm.rawValue.lowercased(),
          "\(parameters.digits.rawValue)", "\(parameters.period)", code,
        ])
    }
  }
}

/// base32 checked against Python's own (`base64.b32encode`, with its padding).
@Suite(.enabled(if: Python.runsStandardLibraryTests, "needs Python 3"))
struct Base32CrossCheckTests {
  let otp: OathOneTimePasswords

  init() throws {
    otp = try OathOneTimePasswords()
  }

  @Test func base32IsPythonsWithoutPaddingBothWays() throws {
    let secrets = try (1...64).map { count in
      count >= 16
        ? try otp.makeSecret(byteCount: count)
        : TOTPSecret(bytes: (0..<count).map { _ in UInt8.random(in: 0...255) })
    }
    let python = try Python.lines(
      """
      import base64, sys
      for key in sys.stdin.read().split():
          print(base64.b32encode(bytes.fromhex(key)).decode())
      """, input: secrets.map { PyOTPCrossCheckTests.hex($0.bytes) }.joined(separator: "\n"))
    try #require(python.count == secrets.count)
    for (secret, padded) in zip(secrets, python) {
      let unpadded = String(padded.prefix { $0 != "=" })
      #expect(try otp.base32(secret) == unpadded)
      #expect(try otp.secret(base32: padded) == secret)
      #expect(try otp.secret(base32: unpadded) == secret)
    }
  }
}
