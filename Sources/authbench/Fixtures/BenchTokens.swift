import AuthCore
import CBaseline

/// The deterministic tokens of benchmark sessions, the same on the Swift and the C side.
enum BenchTokens {
  /// Mixed into every token, so benchmark tokens look like no other.
  static let seed: UInt64 = 0x6175_7468_6265_6e63
  /// Characters of a token: 32 bytes as unpadded base64url.
  static let textLength = 43

  /// The text of session `index`'s token.
  static func token(_ index: Int) -> SessionToken {
    var text = [CChar](repeating: 0, count: 44)
    let length = cb_bench_token(seed, Int64(index), &text)
    return SessionToken(
      rawValue: String(decoding: text[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self))
  }

  /// `count` session numbers drawn from `0..<sessions`, the same for a given `stream`.
  static func sample(count: Int, from sessions: Int, stream: UInt64) -> [Int] {
    var generator = SplitMix64(seed: seed ^ stream)
    return (0..<count).map { _ in Int.random(in: 0..<sessions, using: &generator) }
  }
}

/// Names of benchmark users.
enum BenchNames {
  /// Every benchmark user's name starts with this, followed by a 7-digit number.
  static let userPrefix = "user"

  /// The name of user `number`, as the C baseline writes it.
  static func user(_ number: Int) -> String {
    let digits = String(number)
    return userPrefix + String(repeating: "0", count: max(0, 7 - digits.count)) + digits
  }
}

/// A small, fast, seeded generator (SplitMix64), so that runs draw the same samples.
struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  /// Starts the sequence at `seed`.
  init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
