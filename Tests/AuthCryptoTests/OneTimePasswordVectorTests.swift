import AuthCore
import AuthCrypto
import Testing

/// The published test vectors: RFC 6238 Appendix B (TOTP, all three hashes, 8 digits) and
/// RFC 4226 Appendix D (HOTP, which is TOTP's code at a step taken as the counter).
@Suite struct OneTimePasswordVectorTests {
  /// RFC 6238's seeds: the ASCII digits "1234567890" repeated to 20, 32 and 64 bytes.
  static func seed(_ count: Int) -> TOTPSecret {
    TOTPSecret(bytes: (0..<count).map { UInt8(ascii: "0") + UInt8(($0 + 1) % 10) })
  }

  struct Vector: Sendable, CustomTestStringConvertible {
    let time: UInt64
    let algorithm: TOTPParameters.Algorithm
    let code: String
    var testDescription: String { "\(algorithm.rawValue) at \(time)" }
  }

  /// RFC 6238, Appendix B, every row.
  static let rfc6238: [Vector] = [
    Vector(time: 59, algorithm: .sha1, code: "94287082"),
    Vector(time: 59, algorithm: .sha256, code: "46119246"),
    Vector(time: 59, algorithm: .sha512, code: "90693936"),
    Vector(time: 1_111_111_109, algorithm: .sha1, code: "07081804"),
    Vector(time: 1_111_111_109, algorithm: .sha256, code: "68084774"),
    Vector(time: 1_111_111_109, algorithm: .sha512, code: "25091201"),
    Vector(time: 1_111_111_111, algorithm: .sha1, code: "14050471"),
    Vector(time: 1_111_111_111, algorithm: .sha256, code: "67062674"),
    Vector(time: 1_111_111_111, algorithm: .sha512, code: "99943326"),
    Vector(time: 1_234_567_890, algorithm: .sha1, code: "89005924"),
    Vector(time: 1_234_567_890, algorithm: .sha256, code: "91819424"),
    Vector(time: 1_234_567_890, algorithm: .sha512, code: "93441116"),
    Vector(time: 2_000_000_000, algorithm: .sha1, code: "69279037"),
    Vector(time: 2_000_000_000, algorithm: .sha256, code: "90698825"),
    Vector(time: 2_000_000_000, algorithm: .sha512, code: "38618901"),
    Vector(time: 20_000_000_000, algorithm: .sha1, code: "65353130"),
    Vector(time: 20_000_000_000, algorithm: .sha256, code: "77737706"),
    Vector(time: 20_000_000_000, algorithm: .sha512, code: "47863826"),
  ]

  @Test(arguments: rfc6238)
  func rfc6238AppendixB(_ vector: Vector) throws {
    let otp = try OathOneTimePasswords()
    let seedLength =
      switch vector.algorithm {
      case .sha1: 20
      case .sha256: 32
      case .sha512: 64
      }
    let seed = Self.seed(seedLength)
    let parameters = try TOTPParameters(algorithm: vector.algorithm, digits: .eight, period: 30)
    let step = parameters.step(atUnixTime: vector.time)
    #expect(try otp.code(for: seed, atStep: step, parameters: parameters) == vector.code)
    #expect(
      try otp.verify(vector.code, for: seed, nearStep: step, window: 0, parameters: parameters)
        == step)
  }

  @Test func rfc6238TimesBecomeTheRFCsSteps() throws {
    let parameters = TOTPParameters.standard
    // Appendix B's T column, in hex.
    let steps: [UInt64: UInt64] = [
      59: 0x1, 1_111_111_109: 0x23523EC, 1_111_111_111: 0x23523ED, 1_234_567_890: 0x273EF07,
      2_000_000_000: 0x3F940AA, 20_000_000_000: 0x27BC86AA,
    ]
    for (time, step) in steps {
      #expect(parameters.step(atUnixTime: time) == step)
    }
  }

  /// RFC 4226, Appendix D: HOTP-SHA-1, 6 digits, counters 0 to 9.
  @Test func rfc4226AppendixD() throws {
    let otp = try OathOneTimePasswords()
    let expected = [
      "755224", "287082", "359152", "969429", "338314",
      "254676", "287922", "162583", "399871", "520489",
    ]
    for (counter, code) in expected.enumerated() {
      #expect(
        try otp.code(for: Self.seed(20), atStep: UInt64(counter), parameters: .standard) == code,
        "counter \(counter)")
    }
  }
}
