import Foundation

/// A seeded random generator (SplitMix64): a failing run can be replayed with its seed.
struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts the sequence at `seed`.
  init(seed: UInt64) { state = seed }

  /// The seed from `RELIABILITY_SEED` when set, else a fresh one; printed either way.
  static func seedFromEnvironment(for suite: String) -> UInt64 {
    let text = ProcessInfo.processInfo.environment["RELIABILITY_SEED"] ?? ""
    let seed = UInt64(text) ?? UInt64.random(in: 1...UInt64.max)
    let line = "\(suite): seed \(seed) (replay with RELIABILITY_SEED=\(seed))\n"
    FileHandle.standardError.write(Data(line.utf8))
    return seed
  }

  /// The next 64 random bits.
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }

  /// True with probability `chance`.
  mutating func chance(_ chance: Double) -> Bool {
    Double.random(in: 0..<1, using: &self) < chance
  }
}
